import { AgoraNoAnswerError, isAgoraNoAnswer, type AgoraClient } from "./types";

/**
 * Every AGORA call ends within `timeoutMs` (AGORA_TIMEOUT_MS: connection and answer), or sooner when the caller's signal aborts
 * (the server stopping): the wait is cut and the call rejects with AgoraNoAnswerError, an unknown outcome for the exchanges
 * (server/exchanges/) and a failure of the look-ups (their routes answer 502). Both implementations honour the signal.
 */
export function withTimeouts(client: AgoraClient, timeoutMs: number): AgoraClient {
  const seconds = Math.round(timeoutMs / 100) / 10;
  async function within<T>(callerSignal: AbortSignal | undefined, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = callerSignal ? AbortSignal.any([timeout, callerSignal]) : timeout;
    try {
      return await run(signal);
    } catch (error) {
      if (!signal.aborted || isAgoraNoAnswer(error)) throw error;
      throw new AgoraNoAnswerError(
        timeout.aborted ? `AGORA n'a pas répondu dans le délai de ${String(seconds).replace(".", ",")} s` : "Envoi interrompu par l'arrêt du serveur",
      );
    }
  }
  return {
    findPerson: (ssn, birthName, options) => within(options?.signal, (signal) => client.findPerson(ssn, birthName, { signal })),
    findTraining: (number, actionNumber, options) => within(options?.signal, (signal) => client.findTraining(number, actionNumber, { signal })),
    pushRecord: (file, call) => within(call.signal, (signal) => client.pushRecord(file, { ...call, signal })),
    changeRecordStatus: (record, change, call) => within(call.signal, (signal) => client.changeRecordStatus(record, change, { ...call, signal })),
    repushRecord: (record, options, call) => within(call.signal, (signal) => client.repushRecord(record, options, { ...call, signal })),
    getRecord: (ref, options) => within(options?.signal, (signal) => client.getRecord(ref, { signal })),
    close: () => client.close?.() ?? Promise.resolve(),
  };
}

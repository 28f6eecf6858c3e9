/**
 * The communes of a postal code, as INSEE spells them (GET /api/communes, issue 15), for the address forms: null until a
 * 5-digit code is typed and answered (or when the call fails: a suggestion, never an obstacle). Answers are kept per code.
 */
import { useEffect, useState } from "react";
import { apiRequest } from "../../providers/data-provider";
import type { CommuneAnswer } from "../../resources/quality/answers";

const known = new Map<string, CommuneAnswer[]>();

export function usePostalCommunes(zipCode: unknown): CommuneAnswer[] | null {
  const code = typeof zipCode === "string" && /^\d{5}$/.test(zipCode.trim()) ? zipCode.trim() : null;
  const [answer, setAnswer] = useState<{ code: string; communes: CommuneAnswer[] } | null>(null);
  useEffect(() => {
    if (!code || known.has(code)) return;
    const controller = new AbortController();
    apiRequest<{ data: CommuneAnswer[] }>("/communes", { query: { postalCode: code }, signal: controller.signal })
      .then(({ data }) => {
        known.set(code, data);
        setAnswer({ code, communes: data });
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [code]);
  if (!code) return null;
  return known.get(code) ?? (answer?.code === code ? answer.communes : null);
}

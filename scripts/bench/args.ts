/** Command-line arguments of `npm run bench:seed` and `npm run bench` (pure, unit-tested). */

/** Sizes at --scale 1 (issue 11). */
export const FULL_SIZE = { trainees: 500_000, trainings: 50_000, employees: 20_000, organizations: 5_000, records: 1_000_000 } as const;

/** At most this share of the bench trainees get a record: the rest stay free for the record wizard's list. */
export const RECORDED_SHARE = 0.9;

export interface SeedOptions {
  trainees: number;
  trainings: number;
  employees: number;
  organizations: number;
  records: number;
  /** Delete the rows of an earlier bench seed first. */
  reset: boolean;
}

export interface BenchOptions {
  /** Seconds of load per case and per server. */
  duration: number;
  concurrency: number;
  /** Only the cases whose name contains this text. */
  only?: string;
  /** Virtual staff of the staff-day scenario, and its minutes. */
  staff: number;
  staffMinutes: number;
  /** An existing build whose /login JavaScript is weighed; by default the bench builds the current sources. */
  dist?: string;
  output: string;
}

/** `--name value` and `--name=value` pairs, and bare `--flag`s. */
function readPairs(argv: readonly string[]): Map<string, string | true> {
  const pairs = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith("--")) throw new Error(`Argument inattendu : ${arg}`);
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (inline !== undefined) pairs.set(name, inline);
    else if (argv[i + 1] !== undefined && !argv[i + 1]!.startsWith("--")) pairs.set(name, argv[++i]!);
    else pairs.set(name, true);
  }
  return pairs;
}

function numberOf(pairs: Map<string, string | true>, name: string, { min, integer }: { min: number; integer: boolean }): number | undefined {
  const raw = pairs.get(name);
  if (raw === undefined) return undefined;
  const value = Number(raw === true ? NaN : raw.replace(/_/g, ""));
  if (!Number.isFinite(value) || value < min || (integer && !Number.isInteger(value))) {
    throw new Error(`--${name} attend ${integer ? "un entier" : "un nombre"} ≥ ${min} (reçu : ${String(raw)})`);
  }
  return value;
}

function rejectUnknown(pairs: Map<string, string | true>, known: readonly string[]) {
  for (const name of pairs.keys()) if (!known.includes(name)) throw new Error(`Option inconnue : --${name} (connues : ${known.map((k) => `--${k}`).join(", ")})`);
}

/**
 * `--scale F` sets every size to F × the full size (default 1); `--trainees N` etc. override one size.
 * Given only `--trainees N`, the other tables follow the same ratio, so `--trainees 500000` is the full size.
 * An explicit `--records N` is made in full, one record per trainee: when the trainees asked cannot hold N records and still
 * leave a share free (RECORDED_SHARE), there are more of them (`--trainees 1000000 --records 1000000`: 1,111,223 trainees,
 * about 111,200 without a record), the other tables keeping the scale of the trainees asked.
 */
export function parseSeedArgs(argv: readonly string[]): SeedOptions {
  const pairs = readPairs(argv);
  const sizes = ["trainees", "trainings", "employees", "organizations", "records"] as const;
  rejectUnknown(pairs, [...sizes, "scale", "reset"]);
  const explicitScale = numberOf(pairs, "scale", { min: 0, integer: false });
  const trainees = numberOf(pairs, "trainees", { min: 0, integer: true });
  const scale = explicitScale ?? (trainees !== undefined ? trainees / FULL_SIZE.trainees : 1);
  const size = (name: (typeof sizes)[number]) =>
    numberOf(pairs, name, { min: 0, integer: true }) ?? Math.round(FULL_SIZE[name] * scale);
  const records = size("records");
  // A trainee whose generated NIR clashes is skipped (about 20 in 1,111,112): one in ten thousand more holds them.
  const holding = pairs.has("records") ? Math.ceil((records / RECORDED_SHARE) * 1.0001) : 0;
  const options = {
    trainees: Math.max(size("trainees"), holding),
    trainings: size("trainings"),
    employees: size("employees"),
    organizations: size("organizations"),
    records,
    reset: pairs.get("reset") === true,
  };
  // Trainings need an educational and a contracting organisation; employees need one organisation.
  if (options.organizations < 2 && (options.trainings > 0 || options.employees > 0)) options.organizations = 2;
  return options;
}

export function parseBenchArgs(argv: readonly string[]): BenchOptions {
  const pairs = readPairs(argv);
  rejectUnknown(pairs, ["duration", "concurrency", "only", "dist", "output", "staff", "staff-minutes"]);
  const text = (name: string) => {
    const value = pairs.get(name);
    if (value === true) throw new Error(`--${name} attend une valeur`);
    return value;
  };
  return {
    duration: numberOf(pairs, "duration", { min: 0.1, integer: false }) ?? 5,
    concurrency: numberOf(pairs, "concurrency", { min: 1, integer: true }) ?? 8,
    staff: numberOf(pairs, "staff", { min: 1, integer: true }) ?? 50,
    staffMinutes: numberOf(pairs, "staff-minutes", { min: 0.1, integer: false }) ?? 5,
    only: text("only"),
    dist: text("dist"),
    output: text("output") ?? "bench-results/latest.json",
  };
}

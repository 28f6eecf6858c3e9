import { eq, inArray } from "drizzle-orm";
import type { EducationalCost, PurchasingUnit, ResultLevel, SessionResultContent } from "../../../resources/sessions/schema";
import { emptyResult } from "../../../resources/sessions/schema";
import { toDateOnly } from "../../../resources/common/date-only";
import type { Executor } from "../connection";
import { newId } from "../ids";
import { employees, sessions, trainings } from "../schema/index";
import { DEMO_TRAININGS, type DemoTraining } from "./trainings";

/**
 * Demo sessions: 41 over the 26 demo trainings, dated from the day the demo is loaded so that the lists always show past
 * sessions (every other one with a validated bilan), sessions running now and sessions to come. Their documents are seeded by
 * session-documents.ts, their records by records.ts.
 */

type Phase = "past" | "current" | "future";
const PHASES: Phase[] = ["past", "current", "future"];
const UNITS: PurchasingUnit[] = ["PACKAGE_COURSE", "HOUR_PER_TRAINEE", "PACKAGE_GROUP", "DAY_PER_TRAINEE", "HOUR_PER_GROUP"];
const LEVELS: ResultLevel[] = ["LEVEL_3", "LEVEL_4", "LEVEL_5", "LEVEL_6", "NO_RECOGNIZED_CERTIFICATION"];
const VALIDATOR_EMAIL = "resp-cdc@demo.test";

/** The Monday on or after the day `months` months from today (negative: in the past). */
function mondayIn(months: number, today: Date): Date {
  const day = new Date(today.getFullYear(), today.getMonth() + months, today.getDate());
  day.setDate(day.getDate() + ((8 - day.getDay()) % 7));
  return day;
}

/** Start and end of the n-th session of a training: past ones ended a few months ago, current ones run today, future ones start soon. */
function periodOf(phase: Phase, n: number, today: Date): { startDate: string; endDate: string } {
  const start = phase === "past" ? mondayIn(-10 - 3 * n, today) : phase === "current" ? mondayIn(-1 - n, today) : mondayIn(1 + 2 * n, today);
  // Three to six months, and a current one still runs a month or more from today.
  const length = 3 + n + (start.getMonth() % 2);
  const end = new Date(start.getFullYear(), start.getMonth() + length, start.getDate() - 3);
  return { startDate: toDateOnly(start), endDate: toDateOnly(end) };
}

function bilanOf(training: DemoTraining, index: number): SessionResultContent {
  return {
    ...emptyResult(),
    objective: `Conduire les stagiaires à la maîtrise des compétences visées par la formation « ${training.name} ».`,
    targetedQualification: training.name,
    level: LEVELS[index % LEVELS.length]!,
    accessModalities: "Information collective, tests de positionnement et entretien individuel de motivation.",
    positioning: "Positionnement initial sur les savoirs de base et les prérequis du métier ; parcours individualisés en conséquence.",
    recruitment: "Deux informations collectives en partenariat avec France Travail, puis entretiens individuels.",
    program: `${training.hours[0]} heures en centre et ${training.hours[1]} heures en entreprise, conformément au programme prévu.`,
    methodsAndTools: "Apports théoriques, mises en situation professionnelle, plateforme de formation à distance.",
    objectiveOfTheWorkStudyProgram: training.hours[1] > 0 ? "Mettre en pratique les gestes professionnels en situation réelle de travail." : null,
    companySelection: training.hours[1] > 0 ? "Entreprises partenaires du réseau de l'organisme, choisies selon le projet de chaque stagiaire." : null,
    inCompanyMonitoring: training.hours[1] > 0 ? "Une visite du formateur référent par période et un bilan tripartite en fin de stage." : null,
    evaluation: "Évaluations en cours de formation et épreuves de certification en fin de parcours.",
    successPoint: "Forte assiduité du groupe et dynamique collective très positive.",
    contributions: "Acquisition des gestes professionnels et meilleure connaissance du secteur.",
    improvements: index % 2 === 0 ? "Renforcer l'accompagnement à la recherche d'entreprise d'accueil." : null,
  };
}

export async function seedSessions(db: Executor): Promise<void> {
  const today = new Date();
  const rows = await db
    .select({ id: trainings.id, number: trainings.number, actionNumber: trainings.actionNumber })
    .from(trainings)
    .where(inArray(trainings.number, DEMO_TRAININGS.map((t) => t.number)));
  const idOf = new Map(rows.map((r) => [`${r.number}/${r.actionNumber}`, r.id]));
  const [validator] = await db
    .select({ id: employees.id, firstName: employees.firstName, lastName: employees.lastName })
    .from(employees)
    .where(eq(employees.email, VALIDATOR_EMAIL));

  const values: (typeof sessions.$inferInsert)[] = [];
  DEMO_TRAININGS.forEach((training, index) => {
    const trainingId = idOf.get(`${training.number}/${training.actionNumber}`);
    if (!trainingId) return;
    // One session each, a second for every third training, a third for every fifth: 41 in all.
    const count = 1 + Number(index % 3 === 0) + Number(index % 5 === 0);
    for (let n = 0; n < count; n++) {
      const phase = PHASES[(index + n) % PHASES.length]!;
      const taxFree = Math.round((training.hours[0] + training.hours[1]) * 9.5 * 100) / 100;
      const validated = phase === "past" && (index + n) % 2 === 0;
      const period = periodOf(phase, n, today);
      const stamp = new Date(today.getTime() - (values.length + 1) * 3_600_000);
      values.push({
        id: newId(),
        trainingId,
        ...period,
        capacity: index % 7 === 3 ? null : 10 + ((index * 3 + n) % 11),
        totalPricePerPersonTaxFree: taxFree,
        totalPricePerPersonIncludingTaxes: Math.round(taxFree * 120) / 100,
        purchasingUnit: UNITS[(index + n) % UNITS.length]!,
        actualOrCalculatedEducationalCost: (index % 4 === 1 ? "RECALCULATED_COST_BY_FUNDER" : "ACTUAL_COST") satisfies EducationalCost,
        result: phase === "past" ? bilanOf(training, index) : {},
        ...(validated && validator
          ? {
              resultValidated: true,
              resultValidatedAt: new Date(`${period.endDate}T16:30:00`),
              resultValidatedById: validator.id,
              resultValidatedByName: `${validator.firstName} ${validator.lastName}`,
            }
          : {}),
        createdAt: stamp,
        updatedAt: stamp,
      });
    }
  });
  await db.insert(sessions).values(values);
}

import { desc, eq, lt, sql } from "drizzle-orm";
import { PageSizes, PDFDocument, StandardFonts } from "pdf-lib";
import { sessionMonths, type SessionMedias, type StoredMedia } from "../../../resources/sessions/medias";
import type { MediaStorage } from "../../media/storage";
import { renderAttendanceSheet } from "../../sessions/attendance-sheet";
import { drawTextLine, wrapText } from "../../sessions/pdf-drawing";
import { frenchDate, monthLabel } from "../../sessions/session-days";
import type { Executor } from "../connection";
import { newId } from "../ids";
import { medias, organizations, sessions, trainings } from "../schema/index";

/**
 * Demo documents of past sessions (issue 12): small PDFs drawn with pdf-lib while seeding, stored like uploads (media rows,
 * promoted, files in the media storage), so the Documents tab shows filled slots that preview. The monthly sheets are the
 * server's own attendance sheets, standing in for the signed scans users upload.
 */

/** Enough past sessions to show the tab filled (the ones with a validated bilan first), few enough to seed in a moment. */
const DOCUMENTED_SESSIONS = 6;

interface PastSession {
  id: string;
  startDate: string;
  endDate: string;
  trainingNumber: string;
  trainingName: string;
  organizationName: string;
}

const pastSessions = (db: Executor): Promise<PastSession[]> =>
  db
    .select({
      id: sessions.id,
      startDate: sessions.startDate,
      endDate: sessions.endDate,
      trainingNumber: trainings.number,
      trainingName: trainings.name,
      organizationName: organizations.name,
    })
    .from(sessions)
    .innerJoin(trainings, eq(trainings.id, sessions.trainingId))
    .innerJoin(organizations, eq(organizations.id, trainings.educationalOrganizationId))
    .where(lt(sessions.endDate, sql`current_date`))
    .orderBy(desc(sessions.resultValidated), desc(sessions.endDate), sessions.id)
    .limit(DOCUMENTED_SESSIONS);


/** A one-page A4 letter: a title, paragraphs, the organisation's signature line. */
async function renderLetter(session: PastSession, title: string, paragraphs: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const [regular, bold] = [await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold)];
  const [width, height] = PageSizes.A4 as [number, number];
  const page = doc.addPage([width, height]);
  const margin = 60;
  const maxWidth = width - 2 * margin;
  let y = height - margin - 20;
  const write = (text: string, size: number, font = regular) => {
    for (const line of wrapText(font, text, size, maxWidth)) {
      drawTextLine(page, line, { x: margin, y, font, size, maxWidth });
      y -= size * 1.5;
    }
    y -= size * 0.8;
  };
  write(session.organizationName, 11, bold);
  y -= 20;
  write(title, 20, bold);
  write(`Formation : ${session.trainingNumber} – ${session.trainingName}`, 11);
  write(`Session : du ${frenchDate(session.startDate)} au ${frenchDate(session.endDate)}`, 11);
  for (const paragraph of paragraphs) write(paragraph, 11);
  y -= 30;
  write(`Fait le ${frenchDate(session.endDate)}, pour ${session.organizationName} : la direction pédagogique.`, 11);
  write("Document de démonstration généré par l'application.", 8);
  doc.setTitle(title);
  doc.setLanguage("fr-FR");
  return doc.save();
}

type StoreFile = (fileName: string, content: Uint8Array) => Promise<StoredMedia>;

async function documentsOf(session: PastSession, store: StoreFile, withAssessment: boolean): Promise<SessionMedias> {
  const letter = async (fileName: string, title: string, paragraphs: string[]) =>
    store(fileName, await renderLetter(session, title, paragraphs));
  const attendanceSheets: Record<string, StoredMedia> = {};
  for (const month of sessionMonths(session.startDate, session.endDate)) {
    const sheet = await renderAttendanceSheet({
      training: { number: session.trainingNumber, name: session.trainingName },
      session: { startDate: session.startDate, endDate: session.endDate },
      educationalOrganizationName: session.organizationName,
      month,
      trainees: [],
      generatedAt: new Date(`${month}-01T08:00:00Z`),
    });
    attendanceSheets[month] = await store(`Émargement ${monthLabel(month)} signé.pdf`, sheet);
  }
  const positioning = await letter("positionnement-initial.pdf", "Compte rendu de positionnement", [
    "Les stagiaires ont passé les tests de positionnement à l'entrée en formation. Les parcours ont été ajustés selon les acquis de chacun.",
  ]);
  const questionnaires = await letter("questionnaires-qualite.pdf", "Synthèse des questionnaires qualité", [
    "Taux de réponse : 92 %. Satisfaction globale : 4,4 sur 5. Points forts : l'accompagnement et les ateliers pratiques.",
  ]);
  return {
    kairosCertificate: await letter(`attestation-inscription-${session.trainingNumber}.pdf`, "Attestation d'inscription au programme", [
      "Nous attestons que la session ci-dessus est inscrite au programme régional de formation et ouverte aux stagiaires orientés.",
    ]),
    positioningReports: [{ ...positioning, title: "Positionnement initial" }],
    qualitativeAssessments: withAssessment
      ? [
          {
            ...(await letter("bilan-periode-entreprise.pdf", "Évaluation qualitative de la période en entreprise", [
              "Les tuteurs soulignent l'implication des stagiaires et la qualité des réalisations menées pendant la période en entreprise.",
            ])),
            title: "Période en entreprise",
          },
        ]
      : [],
    traineesQualityQuestionnaires: [{ ...questionnaires, title: "Questionnaires de fin de session" }],
    companyAttendanceSheets: [],
    attendanceSheets,
  };
}

/** Attaches documents to a few past sessions. The files are written before their rows: a failed seed leaves files, never rows without one. */
export async function seedSessionDocuments(db: Executor, storage: MediaStorage): Promise<void> {
  const promotedAt = new Date();
  const store: StoreFile = async (fileName, content) => {
    const id = newId();
    await storage.put(id, Buffer.from(content));
    await db.insert(medias).values({ id, fileName, size: content.byteLength, promotedAt });
    return { id, name: fileName };
  };
  const past = await pastSessions(db);
  for (const [index, session] of past.entries()) {
    const documents = await documentsOf(session, store, index % 2 === 0);
    await db.update(sessions).set({ medias: documents }).where(eq(sessions.id, session.id));
  }
}

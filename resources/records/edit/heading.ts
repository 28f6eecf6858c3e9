/** Which record the entry/exit and internship forms are about, under their heading. */
import { formatDate } from "../../../src/lib/format";
import { recordStatusLabel, type TrainingRecord } from "../schema";

/** "Formation … – session du 05/01/2026 au 20/03/2026 – Statut : Validé – N° AGORA : …". */
export const recordSubheading = (record: TrainingRecord) =>
  `${record.session.training.name} – session du ${formatDate(record.session.startDate)} au ${formatDate(record.session.endDate)} – Statut : ${recordStatusLabel(record.status)} – N° AGORA : ${record.agoraId}`;

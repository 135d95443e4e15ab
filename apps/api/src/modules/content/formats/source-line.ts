import { MIR_NOTICE_PATH } from '@galeno/domain/external-sources';

/**
 * The short source line under every MIR item (issue 37): the exam and its year where known, the Ministry, the
 * bank and its licence; the link opens the full attribution, licences and NOTICEs (MIR_NOTICE_PATH). HEAD-QA's
 * reuse terms ask for the date of the reused documents' last update wherever its questions are shown.
 */
export const NOTICE_URL = MIR_NOTICE_PATH;

/** What CasiMedicos' commentary adds to the line of the question it explains (CC BY 4.0 asks to say it was adapted). */
export const COMMENT_CREDIT = ' · Comentario: CasiMedicos (CC BY 4.0, adaptado)';

export function headQaLine(year: string, qid: string | number): string {
  return `Examen MIR ${year} (España), pregunta ${qid} · Ministerio de Sanidad, actualización del 14/01/2019 · HEAD-QA (MIT)`;
}

export function casiMedicosLine(year: string | undefined): string {
  return `Examen MIR ${year ? `${year} (España)` : '(España, año no indicado)'} · Ministerio de Sanidad${COMMENT_CREDIT}`;
}

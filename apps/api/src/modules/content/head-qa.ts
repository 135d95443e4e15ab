import { z } from 'zod';
import { optionLetter } from '@galeno/domain/scores';
import type { questions } from '../../db/schema/quiz.ts';

/** HEAD-QA's own layout (README.txt of the data set). */
export const HeadQaFileSchema = z.object({
  version: z.string().optional(),
  language: z.string().optional(),
  exams: z.record(
    z.string(),
    z.object({
      name: z.string(),
      category: z.string().optional(),
      year: z.union([z.string(), z.number()]).optional(),
      data: z.array(
        z.object({
          qid: z.union([z.string(), z.number()]),
          qtext: z.string(),
          ra: z.union([z.string(), z.number()]),
          image: z.string().optional().nullable(),
          answers: z.array(z.object({ aid: z.union([z.string(), z.number()]), atext: z.string() })),
        }),
      ),
    }),
  ),
});
export type HeadQaFile = z.infer<typeof HeadQaFileSchema>;

export interface Skipped {
  id: string;
  reason: string;
}

/**
 * Keywords that place a MIR question in our taxonomy. HEAD-QA has no speciality tags; a question that
 * matches nothing goes to Medicina Interna / Otros. First match wins, so specific terms come first.
 */
const CLASSIFIER: [RegExp, string, string][] = [
  [/reci[eé]n nacido|neonat|prematur|apgar/i, 'Pediatría y Neonatología', 'Neonatología'],
  [/\b(niñ[oa]s?|lactante|pedi[aá]tric|escolar|preescolar|meses de edad)\b/i, 'Pediatría y Neonatología', 'Pediatría'],
  [/embaraz|gestaci|gestante|obst[eé]tric|parto|puerperi|placenta|ces[aá]rea/i, 'Ginecología y Obstetricia', 'Obstetricia'],
  [/ovari|[uú]ter|endometri|mama\b|mamari|cervi|menopaus|vagin|anticoncep/i, 'Ginecología y Obstetricia', 'Ginecología'],
  [/fractura|luxaci|ortop|rodilla|cadera|hombro|columna|menisco|ligamento/i, 'Cirugía', 'Traumatología y Ortopedia'],
  [/pr[oó]stat|renal.*c[aá]lculo|litiasis renal|vejiga|testic|urol[oó]g|hematuria/i, 'Cirugía', 'Urología'],
  [/ojo|ocular|retin|glaucoma|catarata|visi[oó]n|c[oó]rnea|oftalm/i, 'Cirugía', 'Oftalmología'],
  [/o[ií]do|otitis|laring|faring|nasal|sinusitis|hipoacusia|v[eé]rtigo|amígdal/i, 'Cirugía', 'Otorrinolaringología'],
  [/craneoencef|hematoma (epi|sub)dural|hidrocefalia|neurocirug/i, 'Cirugía', 'Neurocirugía'],
  [/apendic|colecist|hernia|pancreatitis|oclusi[oó]n intestinal|abdomen agudo|cirug[ií]a|quir[uú]rg|colon|recto/i, 'Cirugía', 'Cirugía General'],
  [/coraz[oó]n|card[ií]a|infarto|coronari|arritmi|fibrilaci[oó]n auricular|hipertensi[oó]n arterial|valvul|electrocardiogram/i, 'Medicina Interna', 'Cardiología'],
  [/piel|cut[aá]ne|dermat|melanoma|psoriasis|lesiones? (eritemat|papul)/i, 'Medicina Interna', 'Dermatología'],
  [/h[ií]gado|hep[aá]t|cirrosis|gastr|es[oó]fag|duoden|intestin|diarrea|digestiv/i, 'Medicina Interna', 'Gastroenterología'],
  [/diabetes|tiroid|insulina|suprarrenal|hip[oó]fis|cortisol|endocrin/i, 'Medicina Interna', 'Endocrinología'],
  [/anemia|leucemia|linfoma|plaquet|coagul|hemoglobina|mieloma|hematol/i, 'Medicina Interna', 'Hematología'],
  [/ri[ñn][oó]n|renal|glomerul|di[aá]lisis|creatinina|nefr/i, 'Medicina Interna', 'Nefrología'],
  [/pulm[oó]n|pulmonar|asma|epoc|neumon|bronqu|disnea|pleura|respirator/i, 'Medicina Interna', 'Neumología'],
  [/artritis|lupus|reumat|vasculitis|gota|espondil/i, 'Medicina Interna', 'Reumatología'],
  [/cerebr|neurol[oó]g|epilep|ictus|convulsi|parkinson|demencia|esclerosis m[uú]ltiple|cefalea|nervio/i, 'Medicina Interna', 'Neurología'],
  [/infecci|antibi[oó]tic|vih|tuberculosis|sepsis|fiebre|virus|bacteri|hongo/i, 'Medicina Interna', 'Infectología'],
  [/depresi|ansiedad|psic|esquizofren|bipolar|suicid|alcohol/i, 'Medicina Interna', 'Psiquiatría'],
];

export function classifyHeadQa(text: string): { especialidad: string; subEspecialidad: string } {
  for (const [pattern, especialidad, subEspecialidad] of CLASSIFIER) {
    if (pattern.test(text)) return { especialidad, subEspecialidad };
  }
  return { especialidad: 'Medicina Interna', subEspecialidad: 'Otros (Geriatría, Intoxicaciones)' };
}

/** Spacing in the source is an artefact of PDF extraction; the words are kept exactly. */
const tidy = (value: string) => value.replace(/\s+/g, ' ').trim();

const CITATION =
  'HEAD-QA v1.0 (Vilares y Gómez-Rodríguez, ACL 2019, licencia MIT). Pregunta del examen MIR {year} del Ministerio de Sanidad de España, n.º {qid}. Última actualización de los documentos reutilizados: 14 de enero de 2019.';

/** HEAD-QA questions as single-question rows with stable ids (exam + question id), or the reason to skip each. */
export function headQaToRows(file: HeadQaFile): { rows: (typeof questions.$inferInsert)[]; skipped: Skipped[] } {
  const rows: (typeof questions.$inferInsert)[] = [];
  const skipped: Skipped[] = [];
  for (const [examKey, exam] of Object.entries(file.exams)) {
    const year = String(exam.year ?? /\d{4}/.exec(examKey)?.[0] ?? '');
    for (const item of exam.data) {
      const id = `headqa-${examKey.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${item.qid}`;
      if (item.image || /vinculada a la imagen/i.test(item.qtext)) {
        skipped.push({ id, reason: 'refers to an image that is not included in the data set' });
        continue;
      }
      const options = [...item.answers].sort((a, b) => Number(a.aid) - Number(b.aid));
      const correctIndex = options.findIndex((option) => String(option.aid) === String(item.ra));
      if (correctIndex < 0) {
        skipped.push({ id, reason: `right answer ${item.ra} is not among its options` });
        continue;
      }
      if (options.length < 2 || options.length > 5 || options.some((option) => !option.atext.trim())) {
        skipped.push({ id, reason: 'options are missing, empty or more than five' });
        continue;
      }
      const question = tidy(item.qtext);
      rows.push({
        id,
        clinicalCaseId: null,
        position: 0,
        question,
        options: options.map((option) => ({ text: tidy(option.atext) })),
        correctIndex,
        explanation: `Respuesta correcta según la plantilla oficial del examen MIR ${year}: opción ${optionLetter(correctIndex)}. Esta pregunta proviene de un banco externo que no incluye explicación.`,
        ...classifyHeadQa(question),
        tema: `Examen MIR ${year}`,
        dificultad: 'Media',
        gpcName: null,
        gpcCode: null,
        gpcYear: null,
        sourceCitation: CITATION.replace('{year}', year).replace('{qid}', String(item.qid)),
        sourceUrl: 'https://github.com/aghie/head-qa',
      });
    }
  }
  return { rows, skipped };
}

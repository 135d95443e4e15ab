/**
 * Places an external question in our taxonomy (area and sub-speciality). Keyword rules on the question's
 * words, helped by a source's own speciality label where it has one (CasiMedicos). A question no rule
 * places goes to the visible "Sin clasificar" bucket instead of a guessed speciality. Its accuracy on a
 * hand-labelled sample is measured by classify.test.ts and reported in docs/content-format.md.
 */

import { UNCLASSIFIED_AREA, UNCLASSIFIED_SUB_SPECIALITY } from '@galeno/domain/taxonomy';

export interface Placement {
  especialidad: string;
  subEspecialidad: string;
}

export const UNCLASSIFIED: Placement = { especialidad: UNCLASSIFIED_AREA, subEspecialidad: UNCLASSIFIED_SUB_SPECIALITY };

const place = (especialidad: string, subEspecialidad: string): Placement => ({ especialidad, subEspecialidad });

/** First match wins, so specific terms come before general ones. */
const RULES: [RegExp, Placement][] = [
  [/reci[eé]n nacido|neonat|prematur|apgar/i, place('Pediatría y Neonatología', 'Neonatología')],
  [/\b(niñ[oa]s?|lactante|pedi[aá]tric|escolar|preescolar|meses de edad|adolescente)\b/i, place('Pediatría y Neonatología', 'Pediatría')],
  [/embaraz|gestaci|gestante|obst[eé]tric|parto|puerperi|placenta|ces[aá]rea|semanas de amenorrea/i, place('Ginecología y Obstetricia', 'Obstetricia')],
  [/ovari|[uú]ter|endometri|mama\b|mamari|cervi|menopaus|vagin|anticoncep|amenorrea/i, place('Ginecología y Obstetricia', 'Ginecología')],
  [/fractura|luxaci|ortop|rodilla|cadera|hombro|menisco|ligamento|tend[oó]n/i, place('Cirugía', 'Traumatología y Ortopedia')],
  [/pr[oó]stat|c[aá]lculo renal|litiasis renal|vejiga|testic|urol[oó]g|hematuria|escroto/i, place('Cirugía', 'Urología')],
  [/\bojos?\b|ocular|retin|glaucoma|catarata|agudeza visual|c[oó]rnea|oftalm|pupil/i, place('Cirugía', 'Oftalmología')],
  [/o[ií]do|otitis|laring|faring|nasal|sinusitis|hipoacusia|v[eé]rtigo|am[ií]gdal|cervical.*masa/i, place('Cirugía', 'Otorrinolaringología')],
  [/craneoencef|hematoma (epi|sub)dural|hidrocefalia|neurocirug|hernia discal/i, place('Cirugía', 'Neurocirugía')],
  [/apendic|colecist|hernia|pancreatitis|oclusi[oó]n intestinal|abdomen agudo|cirug[ií]a|quir[uú]rg|colon|recto|anal\b/i, place('Cirugía', 'Cirugía General')],
  [/coraz[oó]n|card[ií]a|infarto|coronari|arritmi|fibrilaci[oó]n auricular|hipertensi[oó]n arterial|valvul|electrocardiogram|a[oó]rt/i, place('Medicina Interna', 'Cardiología')],
  [/piel|cut[aá]ne|dermat|melanoma|psoriasis|lesiones? (eritemat|papul)|prurito/i, place('Medicina Interna', 'Dermatología')],
  [/h[ií]gado|hep[aá]t|cirrosis|gastr|es[oó]fag|duoden|intestin|diarrea|digestiv|ictericia/i, place('Medicina Interna', 'Gastroenterología')],
  [/diabetes|tiroid|insulina|suprarrenal|hip[oó]fis|cortisol|endocrin|calcemia|obesidad/i, place('Medicina Interna', 'Endocrinología')],
  [/anemia|leucemia|linfoma|plaquet|coagul|hemoglobina|mieloma|hematol|neutropenia/i, place('Medicina Interna', 'Hematología')],
  [/ri[ñn][oó]n|renal|glomerul|di[aá]lisis|creatinina|nefr|natremia|potasemia|kalemia/i, place('Medicina Interna', 'Nefrología')],
  [/pulm[oó]n|pulmonar|asma|epoc|neumon|bronqu|disnea|pleura|respirator|tos\b/i, place('Medicina Interna', 'Neumología')],
  [/artritis|lupus|reumat|vasculitis|gota|espondil|sinovial/i, place('Medicina Interna', 'Reumatología')],
  [/cerebr|neurol[oó]g|epilep|ictus|convulsi|parkinson|demencia|esclerosis m[uú]ltiple|cefalea|nervio/i, place('Medicina Interna', 'Neurología')],
  [/infecci|antibi[oó]tic|vih|tuberculosis|sepsis|fiebre|virus|bacteri|hongo|vacun/i, place('Medicina Interna', 'Infectología')],
  [/depresi|ansiedad|psic|esquizofren|bipolar|suicid|alcohol/i, place('Medicina Interna', 'Psiquiatría')],
  [/intoxicaci|sobredosis|anciano|geri[aá]tr|adulto mayor|paliativ/i, place('Medicina Interna', 'Otros (Geriatría, Intoxicaciones)')],
  [/sensibilidad|especificidad|valor predictivo|riesgo relativo|odds ratio|incidencia|prevalencia|ensayo cl[ií]nico|estudio de cohortes|casos y controles|intervalo de confianza|\bp\s*[<=]/i, place('Salud Pública', 'Epidemiología y Bioestadística')],
  [/cribado|vacunaci[oó]n|prevenci[oó]n primaria|salud p[uú]blica|consentimiento|secreto m[eé]dico|bio[eé]tica/i, place('Salud Pública', 'Medicina Preventiva')],
];

/** By the question's words; unplaced when no rule matches. */
export function classifyText(text: string): Placement {
  for (const [pattern, placement] of RULES) if (pattern.test(text)) return placement;
  return UNCLASSIFIED;
}

/**
 * CasiMedicos' English speciality labels (67 spellings) by the words they contain. A label that names one
 * sub-speciality places the question; a broad one ("SURGERY", "CRITICAL CARE", "ONCOLOGY") lets the words decide
 * within its area, or leaves it to the keyword rules.
 */
const LABELS: [RegExp, Placement | string][] = [
  [/GYNECOLOGY AND OBSTETRICS|OBSTETRICS AND GYNECOLOGY/, 'Ginecología y Obstetricia'],
  [/PEDIATRIC/, 'Pediatría y Neonatología'],
  [/ENDOCRIN/, place('Medicina Interna', 'Endocrinología')],
  [/NEUROSURGERY$/, place('Cirugía', 'Neurocirugía')],
  [/NEUROLOGY/, place('Medicina Interna', 'Neurología')],
  [/NEPHROLOGY/, place('Medicina Interna', 'Nefrología')],
  [/HEMATOLOGY/, place('Medicina Interna', 'Hematología')],
  [/RHEUMATOLOGY/, place('Medicina Interna', 'Reumatología')],
  [/TRAUMATOLOGY|ORTHOPEDIC/, place('Cirugía', 'Traumatología y Ortopedia')],
  [/DIGESTIVE/, place('Medicina Interna', 'Gastroenterología')],
  [/OPHTHALMOLOGY/, place('Cirugía', 'Oftalmología')],
  [/INFECT/, place('Medicina Interna', 'Infectología')],
  [/PSYCHIATRY/, place('Medicina Interna', 'Psiquiatría')],
  [/DERMATOLOGY/, place('Medicina Interna', 'Dermatología')],
  [/CARDIOLOGY/, place('Medicina Interna', 'Cardiología')],
  [/OTORHINOLARYNGOLOGY|OTOLARYNGOLOGY/, place('Cirugía', 'Otorrinolaringología')],
  [/PNEUMOLOGY|PULMONOLOGY/, place('Medicina Interna', 'Neumología')],
  [/UROLOGY/, place('Cirugía', 'Urología')],
  [/BIOSTATISTICS|^STATISTICS|EPIDEMIOLOGY/, place('Salud Pública', 'Epidemiología y Bioestadística')],
  [/PREVENTIVE/, place('Salud Pública', 'Medicina Preventiva')],
  [/PALLIATIVE CARE$/, place('Medicina Interna', 'Otros (Geriatría, Intoxicaciones)')],
  [/GENERAL SURGERY|^SURGERY$/, 'Cirugía'],
];

/** By a source's own label first, then by the words; the label's area wins when the words disagree. */
export function classifyWithLabel(label: string, text: string): Placement {
  const byWords = classifyText(text);
  const found = LABELS.find(([pattern]) => pattern.test(label.trim().toUpperCase()))?.[1];
  if (!found) return byWords;
  if (typeof found !== 'string') return found;
  // An area-only label: the words choose the sub-speciality when they agree on the area.
  if (byWords.especialidad === found) return byWords;
  const fallback: Record<string, Placement> = {
    'Ginecología y Obstetricia': place('Ginecología y Obstetricia', /embaraz|gestaci|gestante|parto|puerperi|semanas/i.test(text) ? 'Obstetricia' : 'Ginecología'),
    'Pediatría y Neonatología': place('Pediatría y Neonatología', /reci[eé]n nacido|neonat|prematur/i.test(text) ? 'Neonatología' : 'Pediatría'),
    Cirugía: place('Cirugía', 'Cirugía General'),
  };
  return fallback[found] ?? byWords;
}

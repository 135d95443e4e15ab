/**
 * Places an external MIR question in our taxonomy (area and sub-speciality), or in the visible «Sin clasificar»
 * bucket when it cannot tell (decision 013). Three signals, strongest first:
 * 1. who the patient is: a newborn, a child or a pregnant woman decides the area whatever the organ, as the
 *    ENARM files them;
 * 2. the source's own speciality label, where it has one (CasiMedicos);
 * 3. the words: a naive Bayes model trained on our own bank (every case and question is tagged by writers and
 *    reviewers), which also says how sure it is; below the threshold the item stays unclassified.
 * Its accuracy on a hand-labelled sample is measured by classify.test.ts and reported in docs/content-format.md.
 */

import { QUIZ_TAXONOMY, UNCLASSIFIED_AREA, UNCLASSIFIED_SUB_SPECIALITY } from '@galeno/domain/taxonomy';

export interface Placement {
  especialidad: string;
  subEspecialidad: string;
}

export const UNCLASSIFIED: Placement = { especialidad: UNCLASSIFIED_AREA, subEspecialidad: UNCLASSIFIED_SUB_SPECIALITY };

const place = (especialidad: string, subEspecialidad: string): Placement => ({ especialidad, subEspecialidad });
const areaOf = new Map(QUIZ_TAXONOMY.flatMap((area) => area.subSpecialities.map((sub) => [sub.name, area.name] as const)));

const STOPWORDS = new Set(
  'que los las del una uno por con para como mas pero sus este esta ese esa entre sobre cual cuales cuál siguiente siguientes paciente pacientes años anos edad caso presenta acude refiere tiene desde hace dias meses semanas horas señale senale respuesta correcta incorrecta falsa verdadera opcion opciones todas ninguna anteriores mas probable indique usted sera sería seria entonces también tambien cuando donde tras ante bajo hasta durante muy sin son fue han hay ser estar están estan the and with for from that which what this'.split(
    ' ',
  ),
);

/** Lower-cased words without accents, stopwords or short words, cut to a light stem (6 letters). */
export function tokens(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9ñ]+/u)
    .filter((word) => word.length >= 3 && !STOPWORDS.has(word) && !/^\d+$/.test(word))
    .map((word) => word.slice(0, 6));
}

/** The patient's age when the stem opens with it ("Mujer de 32 años", "Lactante de 3 meses"), in years. */
function openingAge(text: string): number | null {
  const match = /^[^.?]{0,60}?\b(\d{1,3})\s*(a[nñ]os|meses|semanas|d[ií]as)\b/i.exec(text);
  if (!match) return null;
  const value = Number(match[1]);
  return /^a/i.test(match[2]!) ? value : 0;
}

/** The patient decides the area for newborns, children and pregnancy, as the exam files them. */
export function patientPlacement(text: string): Placement | null {
  const lower = text.toLowerCase();
  if (/reci[eé]n nacid|neonat|\b\d+\s*(d[ií]as|horas) de vida/.test(lower)) return place('Pediatría y Neonatología', 'Neonatología');
  if (/embarazada|gestante|semanas de (gestaci|amenorrea)|cursa (con )?(un )?embarazo|pu[eé]rpera|gestaci[oó]n de \d/.test(lower) && !/no (est[aá] )?embarazad/.test(lower)) {
    return place('Ginecología y Obstetricia', 'Obstetricia');
  }
  const age = openingAge(lower);
  if ((age !== null && age < 15) || (age === null && /^[^.]{0,40}\b(niñ[oa]|lactante|preescolar)\b/.test(lower))) return place('Pediatría y Neonatología', 'Pediatría');
  return null;
}

/**
 * CasiMedicos' English speciality labels (67 spellings), by the words they contain. A label naming one
 * sub-speciality places the question; a broad one (an area, or several specialities) leaves it to the words.
 */
const LABELS: [RegExp, Placement | string][] = [
  [/^(GYNECOLOGY AND OBSTETRICS|OBSTETRICS AND GYNECOLOGY)$/, 'Ginecología y Obstetricia'],
  [/^PEDIATRICS$/, 'Pediatría y Neonatología'],
  [/ENDOCRIN/, place('Medicina Interna', 'Endocrinología')],
  [/^NEUROSURGERY$/, place('Cirugía', 'Neurocirugía')],
  [/^NEUROLOGY$/, place('Medicina Interna', 'Neurología')],
  [/NEPHROLOGY/, place('Medicina Interna', 'Nefrología')],
  [/HEMATOLOGY/, place('Medicina Interna', 'Hematología')],
  [/RHEUMATOLOGY/, place('Medicina Interna', 'Reumatología')],
  [/TRAUMATOLOGY|ORTHOPEDIC/, place('Cirugía', 'Traumatología y Ortopedia')],
  [/DIGESTIVE/, place('Medicina Interna', 'Gastroenterología')],
  [/OPHTHALMOLOGY/, place('Cirugía', 'Oftalmología')],
  [/^INFECT/, place('Medicina Interna', 'Infectología')],
  [/PSYCHIATRY/, place('Medicina Interna', 'Psiquiatría')],
  [/DERMATOLOGY/, place('Medicina Interna', 'Dermatología')],
  [/^CARDIOLOGY/, place('Medicina Interna', 'Cardiología')],
  [/OTORHINOLARYNGOLOGY|OTOLARYNGOLOGY/, place('Cirugía', 'Otorrinolaringología')],
  [/^(PNEUMOLOGY|PULMONOLOGY)/, place('Medicina Interna', 'Neumología')],
  [/^UROLOGY$/, place('Cirugía', 'Urología')],
  [/BIOSTATISTICS|^STATISTICS|EPIDEMIOLOGY/, place('Salud Pública', 'Epidemiología y Bioestadística')],
  [/^PREVENTIVE MEDICINE$/, place('Salud Pública', 'Medicina Preventiva')],
  [/^PALLIATIVE CARE$/, place('Medicina Interna', 'Otros (Geriatría, Intoxicaciones)')],
  [/^(GENERAL SURGERY|SURGERY)$/, 'Cirugía'],
];

export interface TrainingItem {
  text: string;
  subEspecialidad: string;
}

/** How sure the words must be (posterior of the area) before an item is placed. */
export const AREA_CONFIDENCE = 0.95;

/** A multinomial naive Bayes model over sub-specialities, trained on our own tagged bank. */
export class WordModel {
  private readonly classes: string[];
  private readonly logPrior = new Map<string, number>();
  private readonly logLikelihood = new Map<string, Map<string, number>>();
  private readonly logUnseen = new Map<string, number>();

  constructor(training: readonly TrainingItem[]) {
    const counts = new Map<string, Map<string, number>>();
    const totals = new Map<string, number>();
    const vocabulary = new Set<string>();
    for (const item of training) {
      if (!areaOf.has(item.subEspecialidad)) continue;
      const words = counts.get(item.subEspecialidad) ?? new Map<string, number>();
      for (const word of tokens(item.text)) {
        words.set(word, (words.get(word) ?? 0) + 1);
        totals.set(item.subEspecialidad, (totals.get(item.subEspecialidad) ?? 0) + 1);
        vocabulary.add(word);
      }
      counts.set(item.subEspecialidad, words);
    }
    this.classes = [...counts.keys()].sort();
    for (const name of this.classes) {
      // A flat prior: our bank's proportions are not the MIR's.
      // A flat prior: our bank's proportions are not the MIR's (measured: the bank's own prior placed fewer items right).
      this.logPrior.set(name, Math.log(1 / this.classes.length));
      const total = (totals.get(name) ?? 0) + vocabulary.size;
      const likelihood = new Map<string, number>();
      for (const [word, count] of counts.get(name)!) likelihood.set(word, Math.log((count + 1) / total));
      this.logLikelihood.set(name, likelihood);
      this.logUnseen.set(name, Math.log(1 / total));
    }
  }

  /** Posterior per sub-speciality (summing to 1), over the words the model knows. */
  posteriors(text: string): Map<string, number> {
    const words = tokens(text);
    const known = words.filter((word) => this.classes.some((name) => this.logLikelihood.get(name)!.has(word)));
    const scores = this.classes.map((name) => {
      const likelihood = this.logLikelihood.get(name)!;
      const unseen = this.logUnseen.get(name)!;
      return known.reduce((sum, word) => sum + (likelihood.get(word) ?? unseen), this.logPrior.get(name)!);
    });
    const top = Math.max(...scores);
    const weights = scores.map((score) => Math.exp(score - top));
    const sum = weights.reduce((a, b) => a + b, 0);
    return new Map(this.classes.map((name, index) => [name, weights[index]! / sum]));
  }

  /** The most likely sub-speciality within `area` (or overall), and how sure the model is of the area. */
  classify(text: string, area?: string): { placement: Placement; areaConfidence: number } | null {
    if (this.classes.length === 0) return null;
    const posterior = this.posteriors(text);
    const byArea = new Map<string, number>();
    for (const [sub, probability] of posterior) byArea.set(areaOf.get(sub)!, (byArea.get(areaOf.get(sub)!) ?? 0) + probability);
    const chosenArea = area ?? [...byArea].sort((a, b) => b[1] - a[1])[0]![0];
    const candidates = [...posterior].filter(([sub]) => areaOf.get(sub) === chosenArea).sort((a, b) => b[1] - a[1]);
    if (candidates.length === 0) return null;
    return { placement: place(chosenArea, candidates[0]![0]), areaConfidence: byArea.get(chosenArea) ?? 0 };
  }
}

/**
 * What the question asks about, when that decides the place whatever the patient: a study's design or its
 * figures belong to epidemiology and biostatistics, and inheritance, genetic counselling or a mechanism with no
 * clinical decision have no home in the ENARM taxonomy (they wait in «Sin clasificar»).
 */
export function subjectPlacement(text: string): Placement | null {
  const lower = text.toLowerCase();
  if (
    /\b(sensibilidad|especificidad|valor predictivo|riesgo relativo|odds ratio|raz[oó]n de (momios|ventajas)|intervalo de confianza|n[uú]mero necesario|estudio de cohortes?|casos y controles|ensayo cl[ií]nico|aleatoriz|regresi[oó]n|metaan[aá]lisis|sesgo|incidencia acumulada|prevalencia|chads2|cha2ds2)/.test(
      lower,
    )
  ) {
    return place('Salud Pública', 'Epidemiología y Bioestadística');
  }
  if (/autos[oó]mic[oa] (dominante|recesiv)|ligad[oa] al (cromosoma )?x|caso [ií]ndice|consejo gen[eé]tico|probabilidad de (que )?(tener|transmitir|ser portador)|mutaci[oó]n expansiva|prof[aá]rmaco|citoquinas|citocinas/.test(lower)) {
    return UNCLASSIFIED;
  }
  return null;
}

/** Places one external question: the subject, the patient, then the source's label, then the words (when sure enough). */
export function classify(text: string, model: WordModel, label?: string): Placement {
  const subject = subjectPlacement(text);
  if (subject) return subject;
  const patient = patientPlacement(text);
  if (patient) return patient;
  const found = label ? LABELS.find(([pattern]) => pattern.test(label.trim().toUpperCase()))?.[1] : undefined;
  if (found && typeof found !== 'string') return found;
  if (typeof found === 'string') return model.classify(text, found)?.placement ?? UNCLASSIFIED;
  const guess = model.classify(text);
  return guess && guess.areaConfidence >= AREA_CONFIDENCE ? guess.placement : UNCLASSIFIED;
}

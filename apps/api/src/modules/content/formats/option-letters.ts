/**
 * CasiMedicos' doctors name the options by the numbers of the MIR booklet («la respuesta correcta es la 5»,
 * «descartamos las opciones 1, 2 y 5», «me quedan la 3 y la 4»), while every screen letters them A–E. These
 * rules rewrite the references they can tell apart from other numbers (doses, ages, criteria, ranges):
 * - after a word for an option: «opción», «respuesta», «alternativa», «preguntas» (plural), with «correcta»,
 *   «es», «número» and the like between («Respuesta correcta: 3», «la última opción (5)»);
 * - after the article «la» or «las» («es la 4», «entre la 3 y la 5», «las 3 a 5»);
 * - after «el» closing a clause («El diagnóstico es el 1.», «El 3, 4 y 5 ni por asomo»);
 * - a number that opens a sentence with a colon, commenting option by option («2: La edad no…»).
 * A number followed by a unit, a percentage, an ordinal sign, a range («las 2-4 primeras semanas»), a decimal or a
 * count («las 4 opciones») is left alone, and so is a whole reference if one of its numbers is not an option of the question.
 */

/** One number as an option: not part of a larger number, a decimal, a range, an ordinal, a percentage or a measure. */
const N = String.raw`[1-9](?![\d%ºª°'’]|[.,]\d(?!\s*(?:y|e|o|u|ni)\s)|\s*[-–]\s*\d|\s*(?:%|por\s+ciento|años?|mes(?:es)?|semanas?|d[ií]as?|horas?|h\b|minutos?|min\b|mg|g\b|gr|kg|cm|mm|ml|mmol|meq|l\b|litros?|veces|dosis|primer[oa]s?|[uú]ltim[oa]s?|siguientes|puntos|ciclos|tomas|cruces|paquetes|cigarr\w*|tacos|opciones|respuestas|preguntas|alternativas|de\s+(?:enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre)))`;
/** A list of numbers: «1, 2 y 5», «3 y la 4», «1 o 2», «3 a 5». */
const LIST = String.raw`${N}(?:\s*(?:,|y|e|o|u|ni|a)\s*(?:la\s+|las\s+)?${N})*`;

const NOUN = String.raw`\b(?:opci[oó]n(?:es)?|respuestas?|alternativas?|preguntas)(?:\s+(?:correctas?|incorrectas?|verdaderas?|falsas?|n[uú]mero|n\.?\s?[º°o]\.?|m[aá]s\s+correctas?|v[aá]lidas?))?(?:\s+(?:es|ser[ií]a|era|ser[aá]|son|ser[ií]an|fue))?\s*:?\s*\(?\s*(?:la\s+|el\s+|las\s+|los\s+)?(?:n[uú]mero\s+)?`;

const RULES: RegExp[] = [
  new RegExp(String.raw`(${NOUN})(${LIST})`, 'giu'),
  new RegExp(String.raw`(\b(?:la|las)\s+(?:n[uú]mero\s+)?)(${LIST})`, 'giu'),
  new RegExp(String.raw`(\bel\s+)(${LIST})(?=\s*[.?!;:),]|\s+(?:y|ni|o)\s)`, 'giu'),
  new RegExp(String.raw`((?:^|[.!?…]\s+))([1-9])(?=:\s)`, 'gu'),
];

/**
 * The text with every recognised reference to an option by its number written with the letter the screen shows.
 * `letterOf` gives the letter of the option the source numbers `n` (1-based), or undefined when there is none.
 */
export function lettersForOptionNumbers(text: string, letterOf: (n: number) => string | undefined): string {
  let result = text;
  for (const rule of RULES) {
    result = result.replace(rule, (whole: string, lead: string, list: string) => {
      const numbers = list.match(/[1-9]/g) ?? [];
      const letters = numbers.map((digit) => letterOf(Number(digit)));
      if (letters.some((letter) => letter === undefined)) return whole;
      let next = 0;
      // «la número 3» reads «la C».
      return lead.replace(/n[uú]mero\s+$/iu, '') + list.replace(/[1-9]/g, () => letters[next++]!);
    });
  }
  return result;
}

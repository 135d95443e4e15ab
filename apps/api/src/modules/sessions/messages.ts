/** What the quiz endpoints say when they refuse: es-MX, shown to the student as is. */
export const QUIZ_MESSAGES = {
  noCases: 'No se encontraron casos clínicos para esta especialidad.',
  noQuestions: 'Aún no hay preguntas disponibles.',
  questionNotFound: 'La pregunta no existe o ya no está disponible.',
  caseNotFound: 'El caso clínico no existe o ya no está disponible.',
  optionOutOfRange: 'La opción elegida no existe en esta pregunta.',
  answerEveryQuestion: 'Responde todas las preguntas del caso antes de calificar.',
  notDiscardable: 'Esta sesión no se puede descartar: continúa con ella o termínala desde su pantalla.',
  notInCase: 'Una de las respuestas no es de una pregunta de este caso.',
  notYourData: 'Solo puedes consultar y guardar tus propias evaluaciones.',
  emptySession: 'Aún no has respondido preguntas en esta sesión.',
  trialCannotSave: 'Regístrate gratis para guardar tus resultados.',
  trialOwnBankOnly: 'La prueba gratuita usa solo el banco Galeno ENARM. Regístrate para elegir el banco.',
} as const;

/** What a custom exam or a sitting says when it refuses. */
export const EXAM_MESSAGES = {
  tooFew: (available: number) =>
    available === 0
      ? 'No hay preguntas para esta selección. Cambia los filtros.'
      : `Solo hay ${available} ${available === 1 ? 'pregunta disponible' : 'preguntas disponibles'} para esta selección.`,
  examMode: 'En modo examen las respuestas se califican al terminar.',
  notInSession: 'Esa pregunta no es parte de esta sesión.',
  simulacroOnly: 'Un simulacro guarda sus respuestas y se califica desde su propia página.',
} as const;

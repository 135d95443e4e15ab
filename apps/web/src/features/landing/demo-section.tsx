import { ClinicalCaseMock, FlashcardMock, StatsMock } from './demo-mocks';

const SCREENS = [
  { Mock: ClinicalCaseMock, caption: 'Casos clínicos con varias preguntas y la explicación de cada respuesta.' },
  { Mock: FlashcardMock, caption: 'Flashcards de las GPC: lee la pregunta, voltea la tarjeta y marca si la sabías.' },
  { Mock: StatsMock, caption: 'Estadísticas por especialidad con recomendaciones de qué repasar.' },
] as const;

export function DemoSection() {
  return (
    <section id="demo" aria-labelledby="demo-title" className="scroll-mt-20">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="demo-title" className="text-3xl font-bold tracking-tight text-slate-900">
          Así se ve por dentro
        </h2>
        <p className="mt-3 max-w-2xl text-lg text-slate-700">Pensado primero para el celular, para que aproveches cualquier rato libre.</p>
        <div className="mt-10 grid gap-10 md:grid-cols-3 md:gap-6">
          {SCREENS.map(({ Mock, caption }) => (
            <figure key={caption} className="flex flex-col items-center">
              <Mock />
              <figcaption className="mt-4 max-w-xs text-center text-slate-700">{caption}</figcaption>
            </figure>
          ))}
        </div>
        <p className="mt-8 text-center text-sm text-slate-600">Imágenes ilustrativas de la plataforma.</p>
      </div>
    </section>
  );
}

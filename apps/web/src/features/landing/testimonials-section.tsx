/*
 * Placeholder testimonials (spec: "three testimonials ({user_content})"). Replace them with real quotes,
 * used with each person's consent, before launch.
 */
const TESTIMONIALS = [
  {
    name: 'Mariana López',
    role: 'Médica general, Puebla',
    quote:
      'Los casos clínicos se parecen mucho a los del examen. Practicar con cronómetro me ayudó a dejar de quedarme sin tiempo al final.',
  },
  {
    name: 'Luis Hernández',
    role: 'Médico interno de pregrado, Guadalajara',
    quote:
      'Repasaba las flashcards de las GPC en el camión rumbo al hospital. Con la repetición espaciada por fin se me quedaron los puntos de corte.',
  },
  {
    name: 'Fernanda Ruiz',
    role: 'Médica pasante de servicio social, Mérida',
    quote:
      'Las estadísticas me dejaron claro que Ginecología era mi punto débil. Además compramos el plan grupal entre cinco amigas y nos salió mucho más barato.',
  },
] as const;

export function TestimonialsSection() {
  return (
    <section aria-labelledby="testimonials-title" className="bg-brand-900 text-white">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="testimonials-title" className="text-3xl font-bold tracking-tight">
          Lo que dicen quienes ya estudian con nosotros
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((testimonial) => (
            <li key={testimonial.name}>
              <figure className="flex h-full flex-col rounded-2xl bg-white p-6 text-slate-900 shadow-sm">
                <blockquote className="flex-1 leading-relaxed text-slate-700">
                  <p>“{testimonial.quote}”</p>
                </blockquote>
                <figcaption className="mt-5">
                  <span className="block font-bold">{testimonial.name}</span>
                  <span className="block text-sm text-slate-600">{testimonial.role}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

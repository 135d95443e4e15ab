import { MAX_ADVERTISED_DISCOUNT, MAX_ATTEMPTS } from '@galeno/domain/discount-quiz';
import { formatMXN } from '@galeno/domain/format';
import { GROUP_MAX_INVITES, GROUP_SEATS, INSTALLMENT_MONTHS, MIN_INSTALLMENT_AMOUNT, OXXO_VOUCHER_DAYS } from '@galeno/domain/plans';
import { getAppName } from '../../lib/brand';
import { ChevronIcon } from './landing-icons';

/** "3, 6, 9 o 12". */
function listOf(items: readonly string[], last: string): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} ${last} ${items[items.length - 1]}`;
}

function faqs(brand: string) {
  return [
    {
      question: `¿Qué es ${brand} y cómo me ayuda con el ENARM?`,
      answer: `${brand} es una plataforma de práctica para el Examen Nacional de Aspirantes a Residencias Médicas. Resuelves casos clínicos y preguntas con explicación, repasas las Guías de Práctica Clínica con flashcards y ves en tus estadísticas qué especialidades necesitas reforzar.`,
    },
    {
      question: '¿Cómo funciona la prueba gratis?',
      answer:
        'Puedes entrar 5 minutos sin registrarte ni dar tarjeta. Si te gusta, crea tu cuenta gratis y tendrás 2 horas adicionales de acceso para seguir practicando antes de elegir un plan.',
    },
    {
      question: '¿Cómo se paga? ¿Los precios están en pesos?',
      // The two ways the checkout offers (ux N19): the FAQ used to name only the card.
      answer: `Todos los precios están en pesos mexicanos (MXN) e incluyen el acceso completo. Pagas una sola vez con tarjeta de crédito o débito a través de una plataforma de pagos segura; con tarjeta de crédito puedes elegir ${listOf(INSTALLMENT_MONTHS.map(String), 'o')} meses sin intereses, con pagos de al menos ${formatMXN(MIN_INSTALLMENT_AMOUNT)} al mes. También puedes pagar en efectivo en OXXO con una ficha que vence en ${OXXO_VOUCHER_DAYS} días. No hay cargos automáticos ni renovaciones sorpresa.`,
    },
    {
      question: '¿Cómo funcionan las membresías grupales?',
      answer: `Con un plan grupal obtienes ${GROUP_SEATS} membresías al precio de 2. Quien compra invita por correo hasta a ${GROUP_MAX_INVITES} personas, y cada una estudia con su propia cuenta y sus propias estadísticas.`,
    },
    {
      question: '¿Qué es el quiz de descuento?',
      answer: `Respondes una pregunta tipo ENARM en 1 minuto. Si aciertas, giras una ruleta y ganas un descuento de hasta ${MAX_ADVERTISED_DISCOUNT}% para tu membresía. Tienes ${MAX_ATTEMPTS} intentos en total, uno por día.`,
    },
    {
      question: '¿Puedo estudiar desde el celular?',
      answer:
        'Sí. Funciona en el navegador de tu celular, tableta o computadora, sin instalar nada. Tu avance se guarda en tu cuenta, así que puedes empezar en un dispositivo y seguir en otro.',
    },
  ];
}

export function FaqSection() {
  return (
    <section id="faq" aria-labelledby="faq-title" className="scroll-mt-20">
      <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <h2 id="faq-title" className="text-3xl font-bold tracking-tight text-slate-900">
          Preguntas frecuentes
        </h2>
        <div className="mt-8 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
          {faqs(getAppName()).map((item) => (
            <details key={item.question} className="group">
              <summary className="flex min-h-14 list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 font-semibold text-slate-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
                {item.question}
                <ChevronIcon className="size-5 shrink-0 text-slate-600 transition-transform group-open:rotate-180" />
              </summary>
              <p className="px-5 pb-5 leading-relaxed text-slate-700">{item.answer}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}

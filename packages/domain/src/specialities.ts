/** The 27 medical specialities a student can aim for, as spec section 3 lists them (the profile's selector). */

export const SPECIALITIES = [
  'Anatomía Patológica',
  'Anestesiología',
  'Audiología Otoneurología y Foniatría',
  'Calidad de la Atención Clínica',
  'Cirugía General',
  'Epidemiología',
  'Genética Médica',
  'Geriatría',
  'Ginecología y Obstetricia',
  'Imagenología Diagnóstica y Terapéutica',
  'Medicina de la Actividad Física y Deportiva',
  'Medicina de Rehabilitación',
  'Medicina de Urgencias',
  'Medicina del Trabajo y Ambiental',
  'Medicina Familiar',
  'Medicina Interna',
  'Medicina Legal',
  'Medicina Nuclear e Imagenología Molecular',
  'Medicina Preventiva',
  'Neumología',
  'Oftalmología',
  'Otorrinolaringología y Cirugía de Cabeza y Cuello',
  'Patología Clínica',
  'Pediatría',
  'Psiquiatría',
  'Radio Oncología',
  'Traumatología y Ortopedia',
] as const;

export type Speciality = (typeof SPECIALITIES)[number];

export function isSpeciality(value: string): value is Speciality {
  return (SPECIALITIES as readonly string[]).includes(value);
}

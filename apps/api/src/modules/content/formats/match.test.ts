import { describe, expect, it } from 'vitest';
import { alignOptions, sameKey, type Comparable } from './match.ts';

const copy = (options: string[], correctIndex: number, id = 'x'): Comparable => ({ id, stem: '¿Cuál es la conducta?', options, correctIndex });

describe('comparing the keys of two copies of a MIR question, option by option', () => {
  it('takes a key spelled with typos, spaces or punctuation for the same option (the false conflicts of the audit)', () => {
    // HEAD-QA 2013 q83 and CasiMedicos train-0110: both keep option 4.
    const official = copy(['Colectomía subtotal de urgencia.', 'Asociar azatioprina.', 'Mesalazina 4 gramos al día.', 'Ciclosporina endovenosa 2 mg/Kg.', 'Etanercept.'], 3);
    const casiMedicos = copy(['Colectomía subtotal de urgencia.', 'Asociar azatioprina.', 'Mesalazina 4g al día.', 'Ciclosporina endovenosa 2mg/kg.', 'Etanercept.'], 3);
    expect(sameKey(casiMedicos, official)).toBe(true);
    expect(sameKey(copy(['Bomba de infusión de Gn_RH.', 'Triptorelina.', 'FSH y LH.', 'Bromocriptina.'], 0), copy(['Bomba de infusión de GnRH.', 'Triptorelina.', 'FSH y LH.', 'Bromocriptina.'], 0))).toBe(true);
    expect(sameKey(copy(['Ictus.', 'Caquexia.', 'lleo paralítico prolongado.', 'Alzheimer.'], 2), copy(['Ictus.', 'Caquexia.', 'Íleo paralítico prolongado.', 'Alzheimer.'], 2))).toBe(true);
    expect(sameKey(copy(['Estudio de delección 22q11 (síndrome de Di George).', 'FMR1.', 'HRAS.', 'Williams.'], 0), copy(['Estudio de delección 22q11 (síndrome de DiGeorge).', 'FMR1.', 'HRAS.', 'Williams.'], 0))).toBe(true);
  });

  it('tells two different options apart however alike their texts read, and follows an option moved to another place', () => {
    const official = copy(['Teratocarcinoma.', 'Teratoma inmaduro.', 'Teratoma quístico maduro.', 'Disgerminoma.'], 1);
    expect(sameKey(copy(['Teratocarcinoma.', 'Teratoma inmaduro.', 'Teratoma quístico maduro.', 'Disgerminoma.'], 2), official)).toBe(false);
    // The same options in another order: the key is the same option at another place.
    const reordered = copy(['Disgerminoma.', 'Teratoma quístico maduro.', 'Teratoma inmaduro.', 'Teratocarcinoma.'], 2);
    expect(alignOptions(reordered.options, official.options)).toEqual([3, 2, 1, 0]);
    expect(sameKey(reordered, official)).toBe(true);
  });

  it('compares numeric options by their numbers: «1/4» is not «2/3», «L5/S1» is not «L4/L5»', () => {
    const fractions = ['1/2', '1/4', '2/3', '3/4'];
    expect(sameKey(copy(fractions, 1), copy(fractions, 2))).toBe(false);
    expect(sameKey(copy(fractions, 1), copy(['1 / 2', '1/4.', '2/3', '3/4'], 1))).toBe(true);
    const discs = ['L3/L4', 'L4/L5', 'L5/S1', 'S1/S2'];
    expect(sameKey(copy(discs, 2), copy(discs, 1))).toBe(false);
    expect(sameKey(copy(['2', '4', '6', '8'], 0), copy(['2', '4', '6', '8'], 3))).toBe(false);
    expect(sameKey(copy(['2,5 mg', '5 mg', '10 mg', '20 mg'], 0), copy(['2.5 mg', '5 mg', '10 mg', '20 mg'], 0))).toBe(true);
  });

  it('does not pair a key with an option that is another answer altogether', () => {
    expect(sameKey(copy(['Apendicitis.', 'Colecistitis.', 'Pancreatitis.', 'Diverticulitis.'], 0), copy(['Gastritis.', 'Colecistitis.', 'Pancreatitis.', 'Diverticulitis.'], 0))).toBe(false);
  });
});

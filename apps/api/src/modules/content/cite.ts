// `npm run content:cite`: moves every inline guideline citation (`gpc` on an item, `gpcCode`/`yearOfUpdate` on a
// guide) into the registry, content/guidelines.json, and makes the item cite the entry by id. Seeds the registry
// from content/sources/gpc-enarm/ the first time. Safe to run again: items already citing an entry are left alone.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { GuidelineEntry } from '@galeno/domain/content';
import { plainWords } from '@galeno/domain/plain-text';
import { contentRoot, GUIDELINES_FILE } from './files.ts';

const root = process.argv[2] ? path.resolve(process.argv[2]) : contentRoot;
const registryFile = path.join(root, GUIDELINES_FILE);

const normalise = plainWords;
const slug = (text: string) =>
  normalise(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 70)
    .replace(/-+$/, '');
const normaliseCode = (code: string) => code.toUpperCase().replace(/^GPC-/, '').trim();

/** International societies and documents: cited where Mexico has no guideline on the point, never as a GPC. */
const FOREIGN = /\b(ESC|AHA|ACC|ASA|NICE|KDIGO|GINA|GOLD|WHO|OMS|OPS|PAHO|IDSA|ACOG|AAP|AAFP|EAU|AUA|CDC|ACIP|ESMO|NCCN|EULAR|ACR|ADA|EASD|ASCCP|ATLS|AASLD|EASL|ACG|ESGE|BSG|BSH|BOAST|AAOS|WSES|ASCRS|ESHRE|NAMS|FIGO|ILCOR|ERC|WFH|IMWG|ISTH|USPSTF|ASAM|APA|CANMAT|ESO|EAN|AAN|AES|AAD|EAACI|WAO|ESPE|ESVS|KDOQI|NCS|SCCM|EXTRIP|STROBE|CONSORT|WONCA|ECMM)\b|red book|europe|american|british|society|internacional|international|consensus|guidelines?\b|manual|declaraci[oó]n de helsinki|c[oó]digo de n[uú]remberg|task force|sepsis-3|beers|stopp/i;

function kindOf(code: string | undefined, title: string): GuidelineEntry['kind'] {
  if (code?.toUpperCase().startsWith('NOM-') || /^(modificaci[oó]n a la )?norma oficial mexicana|^NOM-/i.test(title)) return 'NOM';
  if (/protocolo nacional|pronam/i.test(title)) return 'PRONAM';
  if (code && /^(GPC-)?(IMSS|SS|SSA|ISSSTE|SEDENA|SEMAR|DIF|PEMEX|S)-\d/i.test(code)) return 'GPC';
  if (FOREIGN.test(title) || (code && !/^(GPC-)?(IMSS|SS|SSA|ISSSTE|SEDENA|SEMAR|DIF|PEMEX|S)-\d/i.test(code))) return 'Otra';
  return /gu[ií]a de pr[aá]ctica cl[ií]nica|diagn[oó]stico y tratamiento|prevenci[oó]n|tratamiento|diagn[oó]stico/i.test(title) ? 'GPC' : 'Otra';
}

function seedFromCatalogue(): GuidelineEntry[] {
  const csv = readFileSync(path.join(root, 'sources/gpc-enarm/gpc-enarm-titles.csv'), 'utf8').trim().split('\n').slice(1);
  const entries: GuidelineEntry[] = [];
  const ids = new Set<string>();
  for (const line of csv) {
    const match = /^(?:"((?:[^"]|"")*)"|([^,]*)),([^,]*),([^,]*)$/.exec(line);
    if (!match) continue;
    const title = (match[1]?.replace(/""/g, '"') ?? match[2] ?? '').trim();
    const code = match[3]?.trim() || undefined;
    let id = code ? `gpc-${slug(code)}` : `gpc-${slug(title)}`;
    while (ids.has(id)) id = `${id}-b`;
    ids.add(id);
    entries.push({ id, kind: 'GPC', title, ...(code ? { code } : {}), status: 'por verificar', note: 'Del listado de GPC para el ENARM (content/sources/gpc-enarm); código inferido, por verificar.' });
  }
  return entries;
}

const registry: GuidelineEntry[] = existsSync(registryFile) ? JSON.parse(readFileSync(registryFile, 'utf8')) : seedFromCatalogue();
const conflicts: string[] = [];

/** The entry for a citation: by code, then by title; a new entry when neither is known. */
function entryFor(citation: { name: string; code?: string | undefined; year: number }, citedBy: string): string {
  const code = citation.code ? normaliseCode(citation.code) : undefined;
  let entry = (code && registry.find((candidate) => candidate.code && normaliseCode(candidate.code) === code)) || registry.find((candidate) => normalise(candidate.title) === normalise(citation.name));
  if (!entry) {
    let id = code ? `${kindOf(code, citation.name) === 'NOM' ? '' : 'gpc-'}${slug(code)}` : `${kindOf(undefined, citation.name).toLowerCase()}-${slug(citation.name)}`;
    while (registry.some((candidate) => candidate.id === id)) id = `${id}-b`;
    entry = { id, kind: kindOf(code, citation.name), title: citation.name, ...(code ? { code: citation.code! } : {}), year: citation.year, status: 'vigente' };
    registry.push(entry);
  } else if (entry.status === 'por verificar') {
    // A writer (and its reviewer) checked this code and year before citing it.
    entry.year = citation.year;
    entry.status = 'vigente';
    entry.kind = kindOf(entry.code, entry.title);
    delete entry.note;
  } else if (entry.year !== citation.year) {
    conflicts.push(`${citedBy} cites ${entry.id} as ${citation.year}; the registry says ${entry.year}`);
  }
  return entry.id;
}

/** Replaces the `gpc` key by `guideline` at the same place, so diffs stay small. */
function cite<T extends Record<string, unknown>>(item: T, id: string): T {
  return Object.fromEntries(Object.entries(item).map(([key, value]) => (key === 'gpc' ? ['guideline', id] : [key, value]))) as T;
}

let moved = 0;
for (const kind of ['clinical-cases', 'questions', 'guides']) {
  const dir = path.join(root, kind);
  if (!existsSync(dir)) continue;
  for (const name of readdirSync(dir).filter((file) => file.endsWith('.json')).sort()) {
    const file = path.join(dir, name);
    const items = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>[];
    let changed = false;
    const next = items.map((item) => {
      if (kind === 'guides') {
        if (item.guideline) return item;
        const code = typeof item.gpcCode === 'string' && /[A-Za-z0-9]/.test(item.gpcCode) ? item.gpcCode : undefined;
        const citation = { name: String(item.guideName).replace(/^GPC:?\s*/i, ''), code, year: item.yearOfUpdate as number };
        changed = true;
        moved++;
        return { ...item, guideline: entryFor(citation, String(item.id)) };
      }
      const gpc = item.gpc as { name: string; code?: string; year: number } | undefined;
      if (!gpc) return item;
      changed = true;
      moved++;
      return cite(item, entryFor(gpc, String(item.id)));
    });
    if (changed) writeFileSync(file, `${JSON.stringify(next, null, 2)}\n`);
  }
}
registry.sort((a, b) => a.id.localeCompare(b.id));
writeFileSync(registryFile, `${JSON.stringify(registry, null, 2)}\n`);
console.log(`${moved} citations moved into ${GUIDELINES_FILE} (${registry.length} entries, ${registry.filter((entry) => entry.status !== 'por verificar').length} verified)`);
for (const conflict of conflicts) console.log(`review: ${conflict}`);

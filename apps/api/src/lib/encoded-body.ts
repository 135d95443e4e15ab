import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip' | 'identity';

/** A body that never changes while the server runs (the HTML shell), compressed once at start. */
export interface EncodedBody {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export function encodeBody(text: string): EncodedBody {
  const identity = Buffer.from(text, 'utf8');
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

/** The encoding to answer with: brotli, then gzip, among those the Accept-Encoding header does not refuse (q=0). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [token = '', ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    accepted.set(token, q ? Number(q.slice(2)) || 0 : 1);
  }
  const allows = (encoding: string) => (accepted.get(encoding) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return 'identity';
}

/** Sends the variant the client accepts; the answer depends on Accept-Encoding, so shared caches are told so. */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: EncodedBody): FastifyReply {
  const encoding = pickEncoding(request.headers['accept-encoding']);
  reply.header('vary', 'Accept-Encoding');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(body[encoding]);
}

/**
 * Sends a body made for this request alone (a signed-in page drawn with the student's data): only the variant the
 * client accepts is compressed, at a speed a request can afford rather than the best ratio.
 */
export function sendEncodedOnce(request: FastifyRequest, reply: FastifyReply, text: string): FastifyReply {
  const encoding = pickEncoding(request.headers['accept-encoding']);
  const identity = Buffer.from(text, 'utf8');
  reply.header('vary', 'Accept-Encoding');
  if (encoding === 'identity') return reply.send(identity);
  reply.header('content-encoding', encoding);
  return reply.send(
    encoding === 'br'
      ? brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : gzipSync(identity, { level: 6 }),
  );
}

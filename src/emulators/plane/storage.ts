import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Reply } from './context.js';
import type { FakePlaneDb } from './db.js';
import type { FileAssetRecord } from './records.js';

/**
 * The object store behind the fake: presigned GET URLs on the same server under `/uploads/`, as
 * with Plane's bundled MinIO, whose signed URLs take their origin from the Host header of the API
 * request. Signed URLs expire after SIGNED_URL_EXPIRATION (3600 s).
 */

export const BUCKET = 'uploads';
const EXPIRES_SECONDS = 3600;

function amzDate(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function parseAmzDate(text: string): number {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text);
  if (!match) return Number.NaN;
  const [, y, mo, d, h, mi, s] = match.map(Number);
  return Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 0, h ?? 0, mi ?? 0, s ?? 0);
}

function s3Error(status: number, code: string, message: string, key: string): Reply {
  const body =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Error><Code>${code}</Code><Message>${message}</Message><Key>${key}</Key>` +
    `<RequestId>${randomBytes(8).toString('hex').toUpperCase()}</RequestId></Error>`;
  return { status, body, headers: { 'Content-Type': 'application/xml' } };
}

export class Storage {
  private readonly secret = randomBytes(32);

  constructor(
    private readonly db: FakePlaneDb,
    private readonly now: () => number,
  ) {}

  private sign(key: string, date: string, expires: string, disposition: string): string {
    return createHmac('sha256', this.secret).update(`${key}\n${date}\n${expires}\n${disposition}`).digest('hex');
  }

  /** A presigned GET URL; `disposition` is `attachment` for downloads, `inline` for asset URLs. */
  presign(asset: FileAssetRecord, host: string, disposition: 'attachment' | 'inline'): string {
    const date = amzDate(this.now());
    const expires = String(EXPIRES_SECONDS);
    const contentDisposition = `${disposition}; filename*=UTF-8''${encodeURIComponent(asset.attributes.name)}`;
    const query = new URLSearchParams({
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': `fakeplane/${date.slice(0, 8)}/us-east-1/s3/aws4_request`,
      'X-Amz-Date': date,
      'X-Amz-Expires': expires,
      'X-Amz-SignedHeaders': 'host',
      'response-content-disposition': contentDisposition,
      'X-Amz-Signature': this.sign(asset.asset, date, expires, contentDisposition),
    });
    const path = asset.asset.split('/').map(encodeURIComponent).join('/');
    return `http://${host}/${BUCKET}/${path}?${query.toString()}`;
  }

  /** Serves `GET /uploads/<key>?<signature>`. */
  serve(method: string, path: string, query: URLSearchParams, headers: IncomingHttpHeaders): Reply {
    const key = decodeURIComponent(path.slice(BUCKET.length + 2));
    // S3 refuses a second auth mechanism beside the query-string signature.
    if (headers.authorization !== undefined) {
      return s3Error(400, 'InvalidArgument', 'Only one auth mechanism allowed', key);
    }
    // Real S3 would ignore an unsigned X-Api-Key; the fake rejects it so a client that leaks the
    // Plane key to the storage host fails loudly (a client must fetch the URL without the key).
    if (headers['x-api-key'] !== undefined) {
      return s3Error(403, 'AccessDenied', 'Request carries an X-Api-Key header; presigned URLs take no Plane credentials', key);
    }
    if (method !== 'GET' && method !== 'HEAD') {
      return s3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.', key);
    }
    const date = query.get('X-Amz-Date') ?? '';
    const expires = query.get('X-Amz-Expires') ?? '';
    const disposition = query.get('response-content-disposition') ?? '';
    const given = Buffer.from(query.get('X-Amz-Signature') ?? '', 'hex');
    const expected = Buffer.from(this.sign(key, date, expires, disposition), 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return s3Error(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.', key);
    }
    if (parseAmzDate(date) + Number(expires) * 1000 < this.now()) {
      return s3Error(403, 'AccessDenied', 'Request has expired', key);
    }
    const asset = [...this.db.assets.values()].find((a) => a.asset === key);
    if (!asset) return s3Error(404, 'NoSuchKey', 'The specified key does not exist.', key);
    return {
      status: 200,
      body: method === 'HEAD' ? Buffer.alloc(0) : asset.bytes,
      headers: {
        'Content-Type': asset.attributes.type,
        'Content-Length': String(asset.bytes.length),
        'Content-Disposition': disposition,
        ETag: `"${createHash('md5').update(asset.bytes).digest('hex')}"`,
        'Last-Modified': new Date(asset.updated_at).toUTCString(),
      },
    };
  }
}

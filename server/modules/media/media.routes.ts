import { access } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PRODUCT_IMAGE_PREFIX, parseProductImageFile, productImageUrl } from '../../../common/images';
import { NotFoundError } from '../../errors';
import type { StorageProvider } from '../../providers';
import { uploadedPictureKey } from './product-pictures';

/**
 * Draws a missing product picture on demand (the demo catalog's illustrations): the file's path
 * relative to the images folder once it exists, or null when no product uses that picture.
 */
export interface MissingImageDrawer {
  ensure(fileName: string): Promise<string | null>;
}

export interface MediaRoutesOptions {
  dataDir: string;
  /** Where the pictures staff upload are kept (media/product-pictures.ts). */
  storage: StorageProvider;
  /** Without one, only pictures already on disk are served. */
  drawer?: MissingImageDrawer;
}

/** The picture's path relative to the images folder when the file is there; null otherwise. */
async function existingImage(imagesDir: string, fileName: string): Promise<string | null> {
  const requested = parseProductImageFile(fileName);
  if (!requested) return null;
  const relative = productImageUrl(requested.url, requested.size).slice('/images/'.length);
  return access(path.join(imagesDir, relative)).then(
    () => relative,
    () => null,
  );
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Product pictures at /images/products/<name>.webp and <name>-sm.webp. An upload (named by a UUID)
 * comes from the storage provider. A drawn picture on disk is sent by @fastify/static like any other
 * image; a missing one whose URL a product stores is drawn first, so a page opened before the
 * background drawing has reached its pictures never shows a broken image. Other paths under /images/
 * stay with the web-app plugin's static files.
 */
export const mediaRoutes = fp(
  async (app: FastifyInstance, { dataDir, storage, drawer }: MediaRoutesOptions) => {
    const imagesDir = path.join(dataDir, 'images');

    // Its own scope, so this `reply.sendFile` (rooted at the images folder, with the long cache) is not
    // the one the web-app plugin uses for index.html.
    await app.register(async (scope) => {
      await scope.register(fastifyStatic, {
        root: imagesDir,
        serve: false,
        setHeaders: (res) => res.header('Cache-Control', IMMUTABLE),
      });

      scope.get<{ Params: { file: string } }>(`${PRODUCT_IMAGE_PREFIX}:file`, async (request, reply) => {
        const uploaded = uploadedPictureKey(request.params.file);
        if (uploaded) {
          // Names are random and never reused, so a picture is cached for a year, as the drawn ones are.
          const stored = await storage.get(uploaded);
          if (!stored) throw new NotFoundError('No such image.');
          return reply
            .header('Content-Type', stored.contentType)
            .header('Content-Length', stored.size)
            .header('X-Content-Type-Options', 'nosniff')
            .header('Cache-Control', IMMUTABLE)
            .send(stored.body);
        }
        const file = drawer
          ? await drawer.ensure(request.params.file)
          : await existingImage(imagesDir, request.params.file);
        if (!file) throw new NotFoundError('No such image.');
        return reply.sendFile(file);
      });

      // Deeper or odd paths (`../../etc/passwd`, leftovers of an interrupted draw) are no product image
      // either: answer 404 here rather than let the web-app plugin's /images/* static files see them.
      scope.get(`${PRODUCT_IMAGE_PREFIX}*`, async () => {
        throw new NotFoundError('No such image.');
      });
    });
  },
);

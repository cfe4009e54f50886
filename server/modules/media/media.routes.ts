import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PRODUCT_IMAGE_PREFIX } from '../../../common/images';
import type { Db } from '../../db/client';
import { createProductImageRepository } from '../../db/demo/product-image.repository';
import { createProductImageDrawer, type ProductImageDrawer } from '../../db/demo/product-image-drawer';
import { NotFoundError } from '../../errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** Draws product pictures; main.ts runs its `drawMissing` in the background after listening. */
    productImages: ProductImageDrawer;
  }
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Product pictures at /images/products/<name>.webp and <name>-sm.webp. A file on disk is sent by
 * @fastify/static like any other image; a missing one whose URL a product stores is drawn first, so a
 * page opened before the background drawing has reached its pictures never shows a broken image.
 * Other paths under /images/ stay with the web-app plugin's static files.
 */
export const mediaRoutes = fp(async (app: FastifyInstance, { db, dataDir }: { db: Db; dataDir: string }) => {
  const imagesDir = path.join(dataDir, 'images');
  const drawer = createProductImageDrawer({ dataDir, source: createProductImageRepository(db) });
  app.decorate('productImages', drawer);

  // Its own scope, so this `reply.sendFile` (rooted at the images folder, with the long cache) is not
  // the one the web-app plugin uses for index.html.
  await app.register(async (scope) => {
    await scope.register(fastifyStatic, {
      root: imagesDir,
      serve: false,
      setHeaders: (res) => res.header('Cache-Control', IMMUTABLE),
    });

    scope.get<{ Params: { file: string } }>(`${PRODUCT_IMAGE_PREFIX}:file`, async (request, reply) => {
      const file = await drawer.ensure(request.params.file);
      if (!file) throw new NotFoundError('No such image.');
      return reply.sendFile(file);
    });

    // Deeper or odd paths (`../../etc/passwd`, leftovers of an interrupted draw) are no product image
    // either: answer 404 here rather than let the web-app plugin's /images/* static files see them.
    scope.get(`${PRODUCT_IMAGE_PREFIX}*`, async () => {
      throw new NotFoundError('No such image.');
    });
  });
});

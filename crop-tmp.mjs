import sharp from 'sharp';
const [,, src, dst, top, height] = process.argv;
const meta = await sharp(src).metadata();
const h = Math.min(Number(height), meta.height - Number(top));
await sharp(src).extract({ left: 0, top: Number(top), width: meta.width, height: h }).toFile(dst);

import type { Palette } from './palette';
import type { Rng } from './random';

/**
 * Stylised drawings of the things the shop sells, one per kind of product, in a 400×500 space with
 * the object standing on y≈435. They use the palette, a fabric pattern `#fab` defined by the caller,
 * and the PRNG for small details, so two kurtas never look quite the same.
 */
export type Motif = (p: Palette, r: Rng, variant: string) => string;

const outline = (p: Palette, width = 3) =>
  `stroke="${p.dark}" stroke-width="${width}" stroke-linejoin="round" stroke-linecap="round"`;

/** A filled shape with the fabric pattern laid over it. */
const fabric = (d: string, p: Palette, fill = p.main) =>
  `<path d="${d}" fill="${fill}"/><path d="${d}" fill="url(#fab)"/><path d="${d}" fill="none" ${outline(p)}/>`;

const dots = (points: [number, number][], radius: number, fill: string) =>
  points.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="${radius}" fill="${fill}"/>`).join('');

/** A small flower of round petals, the buti of Indian prints. */
const buti = (x: number, y: number, size: number, petal: string, centre: string) => {
  const petals = [0, 60, 120, 180, 240, 300]
    .map((a) => {
      const rad = (a * Math.PI) / 180;
      return `<circle cx="${(x + Math.cos(rad) * size).toFixed(1)}" cy="${(y + Math.sin(rad) * size).toFixed(1)}" r="${(size * 0.62).toFixed(1)}" fill="${petal}"/>`;
    })
    .join('');
  return `${petals}<circle cx="${x}" cy="${y}" r="${(size * 0.6).toFixed(1)}" fill="${centre}"/>`;
};

/** Evenly spaced x positions. */
const row = (from: number, to: number, step: number) => {
  const out: number[] = [];
  for (let x = from; x <= to; x += step) out.push(x);
  return out;
};

const kurta: Motif = (p, r) => {
  const body =
    'M165 92 Q200 114 235 92 L292 112 Q314 162 324 238 L292 246 L276 178 L282 428 L118 428 L124 178 L108 246 L76 238 Q86 162 108 112 Z';
  const butis = r.chance(0.6)
    ? [0, 1, 2, 3, 4, 5]
        .map(() => buti(r.int(140, 260), r.int(200, 380), r.int(5, 8), p.light, p.accent))
        .join('')
    : '';
  return `${fabric(body, p)}${butis}
<path d="M165 92 Q200 114 235 92" fill="none" stroke="${p.accent}" stroke-width="6"/>
<path d="M200 104 L200 184" stroke="${p.accent}" stroke-width="4"/>${dots(
    [
      [200, 124],
      [200, 146],
      [200, 168],
    ],
    4,
    p.light,
  )}
<path d="M121 410 L279 410" stroke="${p.accent}" stroke-width="12"/>
<path d="M121 400 L279 400" stroke="${p.light}" stroke-width="2" stroke-dasharray="4 6"/>
<path d="M80 226 L108 234 M320 226 L292 234" stroke="${p.accent}" stroke-width="8"/>`;
};

const jacket: Motif = (p, r) => {
  const body =
    'M150 100 L178 96 L200 156 L222 96 L250 100 Q286 110 292 150 L288 250 Q300 330 296 404 Q250 420 200 414 Q150 420 104 404 Q100 330 112 250 L108 150 Q114 110 150 100 Z';
  const square = r.pick([p.accent, p.light, '#ffffff']);
  return `${fabric(body, p)}
<path d="M176 96 Q200 84 224 96 L222 108 Q200 98 178 108 Z" fill="${p.dark}"/>
<path d="M200 156 L200 412" stroke="${p.dark}" stroke-width="3"/>
${dots(
  row(180, 380, 40).map((y) => [200, y] as [number, number]),
  5,
  p.accent,
)}
<path d="M128 300 L170 294 M230 294 L272 300" stroke="${p.dark}" stroke-width="4"/>
<path d="M236 294 L250 274 L262 296 Z" fill="${square}"/>`;
};

const tshirt: Motif = (p, r) => {
  const body =
    'M150 110 Q200 136 250 110 L310 136 L336 202 L294 218 L280 190 L282 412 L118 412 L120 190 L106 218 L64 202 L90 136 Z';
  const style = r.int(0, 2);
  const print =
    style === 0
      ? `<g opacity="0.9">${buti(200, 240, 22, p.accent, p.light)}${buti(200, 240, 9, p.dark, p.accent)}</g>`
      : style === 1
        ? row(200, 400, 36)
            .map((y) => `<path d="M122 ${y} L278 ${y}" stroke="${p.light}" stroke-width="12" opacity="0.8"/>`)
            .join('')
        : `<circle cx="200" cy="250" r="46" fill="${p.accent}"/><path d="M170 262 L200 214 L230 262 Z" fill="${p.dark}"/>`;
  return `<path d="${body}" fill="${p.main}"/>${print}<path d="${body}" fill="none" ${outline(p)}/>
<path d="M150 110 Q200 136 250 110" fill="none" stroke="${p.dark}" stroke-width="7"/>`;
};

const shirt: Motif = (p) => {
  const body =
    'M160 100 L240 100 L300 124 L330 250 L300 258 L282 190 L284 420 L116 420 L118 190 L100 258 L70 250 L100 124 Z';
  return `${fabric(body, p)}
<path d="M160 100 L200 140 L178 152 L150 112 Z M240 100 L200 140 L222 152 L250 112 Z" fill="${p.light}" ${outline(p, 2)}/>
<path d="M200 140 L200 420" stroke="${p.dark}" stroke-width="3"/>
${dots(
  row(170, 400, 38).map((y) => [207, y] as [number, number]),
  3.5,
  p.light,
)}
<rect x="226" y="190" width="36" height="40" rx="3" fill="none" stroke="${p.dark}" stroke-width="2.5"/>
<path d="M72 240 L100 248 M328 240 L300 248" stroke="${p.dark}" stroke-width="6"/>`;
};

const trousers: Motif = (p, r, variant) => {
  const shorts = variant === 'shorts';
  const hem = shorts ? 300 : 432;
  const body = `M136 100 L264 100 L${shorts ? 290 : 274} ${hem} L212 ${hem} L200 ${shorts ? 190 : 210} L188 ${hem} L${shorts ? 110 : 126} ${hem} Z`;
  const drawstring = r.chance(0.5)
    ? `<path d="M196 116 Q188 150 180 160 M204 116 Q212 150 222 158" stroke="${p.light}" stroke-width="3" fill="none"/>`
    : `<circle cx="200" cy="110" r="5" fill="${p.accent}"/>`;
  return `${fabric(body, p)}<rect x="134" y="96" width="132" height="22" rx="4" fill="${p.dark}"/>${drawstring}
<path d="M150 122 Q160 160 140 170 M250 122 Q240 160 260 170" stroke="${p.dark}" stroke-width="2.5" fill="none"/>`;
};

const vest: Motif = (p) => {
  const body =
    'M160 100 Q170 152 200 158 Q230 152 240 100 L264 104 Q262 162 288 192 L292 412 L108 412 L112 192 Q138 162 136 104 Z';
  return `${fabric(body, p)}${row(130, 270, 14)
    .map((x) => `<path d="M${x} 220 L${x} 400" stroke="${p.dark}" stroke-width="1.2" opacity="0.35"/>`)
    .join('')}
<path d="M160 100 Q170 152 200 158 Q230 152 240 100" fill="none" stroke="${p.light}" stroke-width="5"/>`;
};

const saree: Motif = (p, r) => {
  const temple = row(114, 280, 16)
    .map((x) => `<path d="M${x} 120 L${x + 8} 132 L${x + 16} 120 Z" fill="${p.dark}"/>`)
    .join('');
  const templeLow = row(114, 280, 16)
    .map((x) => `<path d="M${x} 400 L${x + 8} 388 L${x + 16} 400 Z" fill="${p.dark}"/>`)
    .join('');
  const spots: [number, number][] = [];
  for (let i = 0; i < 9; i++) spots.push([r.int(128, 272), r.int(150, 370)]);
  return `<rect x="108" y="92" width="184" height="340" rx="6" fill="${p.main}"/>
<rect x="108" y="92" width="184" height="340" rx="6" fill="url(#fab)"/>
${spots.map(([x, y]) => buti(x, y, 4, p.accent, p.light)).join('')}
<path d="M108 260 L292 170 L292 310 L108 400 Z" fill="${p.dark}" opacity="0.88"/>
${[0, 1, 2, 3]
  .map(
    (i) =>
      `<path d="M108 ${284 + i * 28} L292 ${194 + i * 28}" stroke="${p.accent}" stroke-width="${i % 2 ? 3 : 8}"/>`,
  )
  .join('')}
<rect x="108" y="92" width="184" height="30" fill="${p.accent}"/>${temple}
<rect x="108" y="402" width="184" height="30" fill="${p.accent}"/>${templeLow}
<rect x="108" y="92" width="184" height="340" rx="6" fill="none" ${outline(p)}/>
<path d="M292 110 Q330 200 312 330 Q306 380 322 430" fill="none" stroke="${p.accent}" stroke-width="10" opacity="0.85"/>`;
};

const dress: Motif = (p, r, variant) => {
  const long = variant === 'anarkali';
  const hemY = long ? 436 : 408;
  const flare = long ? 96 : 76;
  const skirt = `M158 200 L242 200 Q${300 + flare / 4} 330 ${200 + flare + 28} ${hemY} Q200 ${hemY + 20} ${200 - flare - 28} ${hemY} Q${100 - flare / 4} 330 158 200 Z`;
  const bodice = 'M168 104 L232 104 L244 202 L156 202 Z';
  return `${fabric(skirt, p)}${fabric(bodice, p)}
<circle cx="160" cy="112" r="16" fill="${p.main}" ${outline(p, 2)}/><circle cx="240" cy="112" r="16" fill="${p.main}" ${outline(p, 2)}/>
<path d="M168 104 Q200 132 232 104" fill="${p.light}" ${outline(p, 2)}/>
<rect x="152" y="194" width="96" height="14" rx="4" fill="${p.accent}"/>
<path d="M${200 - flare - 22} ${hemY - 10} Q200 ${hemY + 8} ${200 + flare + 22} ${hemY - 10}" fill="none" stroke="${p.accent}" stroke-width="${r.int(6, 10)}"/>`;
};

const lehenga: Motif = (p, r) => {
  const skirt = 'M150 182 L250 182 Q330 330 352 432 Q200 460 48 432 Q70 330 150 182 Z';
  const blouse = 'M165 100 L235 100 L246 172 L154 172 Z';
  const spots: [number, number][] = [];
  for (let i = 0; i < 14; i++) spots.push([r.int(100, 300), r.int(220, 400)]);
  return `${fabric(skirt, p)}${spots
    .filter(([x, y]) => Math.abs(x - 200) < (y - 150) * 0.55)
    .map(([x, y]) => buti(x, y, 4.5, p.accent, p.light))
    .join('')}
<path d="M62 420 Q200 446 338 420" fill="none" stroke="${p.accent}" stroke-width="16"/>
<path d="M72 398 Q200 422 328 398" fill="none" stroke="${p.light}" stroke-width="4" stroke-dasharray="2 7"/>
${fabric(blouse, p, p.dark)}
<path d="M165 100 Q200 126 235 100" fill="none" stroke="${p.accent}" stroke-width="5"/>
<path d="M236 100 Q300 170 276 260 Q262 320 300 420 L330 410 Q292 320 306 250 Q320 160 250 96 Z" fill="${p.light}" opacity="0.55"/>`;
};

const dupatta: Motif = (p, r) => {
  const body = 'M112 112 L288 112 L272 400 Q236 420 200 402 Q164 420 128 400 Z';
  return `<path d="M84 110 L316 110" stroke="${p.dark}" stroke-width="7" stroke-linecap="round"/>
<circle cx="82" cy="110" r="9" fill="${p.accent}"/><circle cx="318" cy="110" r="9" fill="${p.accent}"/>
${fabric(body, p)}
<path d="M120 116 L134 398 M280 116 L266 398" stroke="${p.accent}" stroke-width="7"/>
${row(136, 264, 16)
  .map((x) => {
    const y = 404 + r.int(-2, 3);
    return `<path d="M${x} ${y} L${x} ${y + 22}" stroke="${p.accent}" stroke-width="2"/><circle cx="${x}" cy="${y + 25}" r="4" fill="${p.accent}"/>`;
  })
  .join('')}`;
};

const bangles: Motif = (p, r) => {
  const colours = [p.main, p.accent, p.dark, p.main, p.accent, p.light];
  return [0, 1, 2, 3, 4, 5]
    .map((i) => {
      const y = 190 + i * 40;
      const stones = row(110, 290, 30)
        .map((x) => `<circle cx="${x}" cy="${y + 30}" r="${r.int(3, 5)}" fill="${p.light}"/>`)
        .join('');
      return `<ellipse cx="200" cy="${y}" rx="108" ry="34" fill="none" stroke="${p.dark}" stroke-width="20"/>
<ellipse cx="200" cy="${y}" rx="108" ry="34" fill="none" stroke="${colours[i]}" stroke-width="15"/>${i % 2 ? stones : ''}`;
    })
    .join('');
};

const earrings: Motif = (p) =>
  [140, 260]
    .map((cx) => {
      const beads = row(cx - 40, cx + 40, 10)
        .map(
          (x) =>
            `<path d="M${x} 270 L${x} 288" stroke="${p.accent}" stroke-width="1.5"/><circle cx="${x}" cy="${290}" r="4.5" fill="${p.light}"/>`,
        )
        .join('');
      return `<path d="M${cx} 110 Q${cx + 18} 92 ${cx + 10} 130" fill="none" stroke="${p.dark}" stroke-width="3"/>
<circle cx="${cx}" cy="150" r="18" fill="${p.main}" ${outline(p, 2)}/><circle cx="${cx}" cy="150" r="7" fill="${p.accent}"/>
<path d="M${cx} 168 L${cx} 192" stroke="${p.dark}" stroke-width="3"/>
<path d="M${cx - 46} 268 Q${cx - 46} 192 ${cx} 192 Q${cx + 46} 192 ${cx + 46} 268 Z" fill="${p.main}" ${outline(p, 2)}/>
<path d="M${cx - 46} 262 L${cx + 46} 262" stroke="${p.accent}" stroke-width="6"/>${beads}`;
    })
    .join('');

const necklace: Motif = (p, r) => {
  const beads: string[] = [];
  for (let i = 0; i <= 24; i++) {
    const t = i / 24;
    const x = (1 - t) ** 2 * 96 + 2 * (1 - t) * t * 200 + t ** 2 * 304;
    const y = (1 - t) ** 2 * 120 + 2 * (1 - t) * t * 380 + t ** 2 * 120;
    beads.push(
      `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${i % 3 ? 6 : 9}" fill="${i % 3 ? p.light : p.accent}" stroke="${p.dark}" stroke-width="1"/>`,
    );
  }
  const stone = r.pick([p.main, '#b3123a', '#0e7a58']);
  return `<path d="M96 120 Q200 380 304 120" fill="none" stroke="${p.accent}" stroke-width="4"/>${beads.join('')}
<path d="M200 262 Q240 290 226 336 Q212 372 200 380 Q188 372 174 336 Q160 290 200 262 Z" fill="${p.accent}" ${outline(p, 2)}/>
<path d="M200 282 Q222 300 214 330 Q206 350 200 356 Q194 350 186 330 Q178 300 200 282 Z" fill="${stone}"/>
<circle cx="200" cy="396" r="10" fill="${p.light}" ${outline(p, 1.5)}/>`;
};

const potli: Motif = (p) => {
  const body = 'M140 204 Q104 300 138 400 Q200 434 262 400 Q296 300 260 204 Q200 222 140 204 Z';
  return `<path d="M160 180 Q200 84 240 180" fill="none" stroke="${p.accent}" stroke-width="6" stroke-dasharray="1 9" stroke-linecap="round"/>
<path d="M150 204 L126 150 Q200 176 274 150 L250 204 Z" fill="${p.dark}" ${outline(p, 2)}/>
${fabric(body, p)}
<path d="M146 206 Q200 224 254 206" fill="none" stroke="${p.accent}" stroke-width="5"/>
${buti(200, 312, 18, p.accent, p.light)}${buti(200, 312, 7, p.dark, p.accent)}
<path d="M250 214 Q268 250 258 282 M258 282 L250 300 M258 282 L266 300" stroke="${p.accent}" stroke-width="3" fill="none"/>`;
};

const tote: Motif = (p, r) => {
  const body = 'M110 190 L290 190 L306 430 L94 430 Z';
  return `<path d="M150 194 Q150 106 200 106 Q250 106 250 194" fill="none" stroke="${p.dark}" stroke-width="11"/>
${fabric(body, p)}
<rect x="136" y="250" width="128" height="126" fill="${p.light}" ${outline(p, 2)}/>
${buti(200, 313, r.int(20, 26), p.main, p.accent)}${buti(200, 313, 8, p.accent, p.dark)}`;
};

const backpack: Motif = (
  p,
) => `<path d="M170 130 Q170 92 200 92 Q230 92 230 130" fill="none" stroke="${p.dark}" stroke-width="10"/>
<rect x="116" y="126" width="168" height="300" rx="44" fill="${p.main}" ${outline(p)}/>
<rect x="116" y="126" width="168" height="300" rx="44" fill="url(#fab)"/>
<rect x="140" y="274" width="120" height="126" rx="22" fill="${p.dark}"/>
<path d="M152 300 L248 300" stroke="${p.accent}" stroke-width="4" stroke-dasharray="5 4"/>
<path d="M136 180 Q200 160 264 180" fill="none" stroke="${p.light}" stroke-width="4"/>
<rect x="194" y="306" width="12" height="26" rx="4" fill="${p.accent}"/>`;

const wallet: Motif = (
  p,
) => `<rect x="88" y="176" width="224" height="164" rx="16" fill="${p.main}" ${outline(p)}/>
<rect x="98" y="186" width="204" height="144" rx="10" fill="none" stroke="${p.light}" stroke-width="2" stroke-dasharray="6 5"/>
<path d="M200 176 L200 340" stroke="${p.dark}" stroke-width="3"/>
<rect x="214" y="204" width="76" height="20" rx="4" fill="${p.dark}" opacity="0.5"/>
<rect x="214" y="232" width="76" height="20" rx="4" fill="${p.dark}" opacity="0.4"/>
<rect x="132" y="212" width="44" height="30" rx="4" fill="${p.accent}"/>`;

const footwear: Motif = (p, r) => {
  const shoe = (dx: number, dy: number, s: number, fill: string) =>
    `<g transform="translate(${dx} ${dy}) scale(${s})"><path d="M60 330 L330 330 Q350 330 352 312 Q356 296 340 298 Q328 300 318 290 Q270 240 200 236 Q150 232 118 256 Q80 262 64 290 Q56 310 60 330 Z" fill="${fill}" ${outline(p)}/>
<path d="M60 332 L334 332 Q344 346 330 350 L70 350 Q56 346 60 332 Z" fill="${p.dark}"/>
<path d="M118 258 Q200 280 300 282" fill="none" stroke="${p.accent}" stroke-width="6"/>
${dots(
  row(150, 290, 20).map((x) => [x, 296 + r.int(-3, 3)] as [number, number]),
  4,
  p.accent,
)}</g>`;
  return `${shoe(20, -36, 0.9, p.dark)}${shoe(0, 50, 1, p.main)}`;
};

const watch: Motif = (p) => {
  const ticks = row(0, 330, 30)
    .map((a) => {
      const rad = (a * Math.PI) / 180;
      const x1 = 200 + Math.cos(rad) * 58;
      const y1 = 262 + Math.sin(rad) * 58;
      const x2 = 200 + Math.cos(rad) * 66;
      const y2 = 262 + Math.sin(rad) * 66;
      return `<path d="M${x1.toFixed(1)} ${y1.toFixed(1)} L${x2.toFixed(1)} ${y2.toFixed(1)}" stroke="${p.dark}" stroke-width="${a % 90 ? 2 : 4}"/>`;
    })
    .join('');
  return `<rect x="166" y="70" width="68" height="384" rx="20" fill="${p.main}" ${outline(p)}/>
${row(100, 170, 22)
  .concat(row(360, 430, 22))
  .map((y) => `<path d="M176 ${y} L224 ${y}" stroke="${p.dark}" stroke-width="2" opacity="0.45"/>`)
  .join('')}
<rect x="284" y="252" width="16" height="20" rx="3" fill="${p.accent}"/>
<circle cx="200" cy="262" r="90" fill="${p.accent}" ${outline(p)}/>
<circle cx="200" cy="262" r="74" fill="${p.light}"/>${ticks}
<path d="M200 262 L200 210 M200 262 L236 282" stroke="${p.dark}" stroke-width="5" stroke-linecap="round"/>
<circle cx="200" cy="262" r="6" fill="${p.dark}"/>`;
};

const train: Motif = (p, r) => {
  const cars = [p.extra[0], p.extra[1]];
  const wheel = (x: number) =>
    `<circle cx="${x}" cy="344" r="18" fill="${p.dark}"/><circle cx="${x}" cy="344" r="7" fill="${p.accent}"/>`;
  const carriage = (x: number, fill: string | undefined) =>
    `<rect x="${x}" y="262" width="74" height="70" rx="10" fill="${fill ?? p.main}" ${outline(p)}/>
<rect x="${x + 12}" y="274" width="22" height="22" rx="4" fill="${p.light}"/><rect x="${x + 40}" y="274" width="22" height="22" rx="4" fill="${p.light}"/>${wheel(x + 18)}${wheel(x + 56)}`;
  return `<path d="M40 366 L364 366" stroke="${p.dark}" stroke-width="6"/>
${carriage(44, cars[0])}${carriage(128, cars[1])}
<path d="M118 300 L130 300 M202 300 L214 300" stroke="${p.dark}" stroke-width="6"/>
<rect x="212" y="258" width="104" height="74" rx="14" fill="${p.main}" ${outline(p)}/>
<rect x="272" y="196" width="62" height="136" rx="8" fill="${p.extra[2] ?? p.accent}" ${outline(p)}/>
<rect x="264" y="186" width="78" height="16" rx="6" fill="${p.dark}"/>
<rect x="284" y="214" width="36" height="34" rx="5" fill="${p.light}"/>
<rect x="226" y="${r.int(212, 222)}" width="22" height="48" rx="5" fill="${p.dark}"/>
<path d="M218 206 Q206 190 222 178 Q238 168 230 150" fill="none" stroke="${p.light}" stroke-width="8" stroke-linecap="round" opacity="0.8"/>
<circle cx="346" cy="300" r="10" fill="${p.accent}"/>${wheel(236)}${wheel(280)}${wheel(318)}`;
};

const spinningTop: Motif = (
  p,
) => `<path d="M214 168 Q252 150 250 120 Q248 96 276 90" fill="none" stroke="${p.light}" stroke-width="4"/>
<rect x="190" y="156" width="20" height="52" rx="9" fill="${p.dark}"/>
<path d="M200 434 L140 318 Q118 242 200 232 Q282 242 260 318 Z" fill="${p.main}" ${outline(p)}/>
<path d="M128 280 Q200 306 272 280" fill="none" stroke="${p.accent}" stroke-width="12"/>
<path d="M142 328 Q200 350 258 328" fill="none" stroke="${p.extra[0] ?? p.light}" stroke-width="10"/>
<path d="M166 378 Q200 392 234 378" fill="none" stroke="${p.accent}" stroke-width="8"/>
<path d="M200 434 L200 452" stroke="${p.dark}" stroke-width="4"/>`;

const teddy: Motif = (
  p,
) => `<circle cx="138" cy="132" r="32" fill="${p.main}" ${outline(p)}/><circle cx="262" cy="132" r="32" fill="${p.main}" ${outline(p)}/>
<circle cx="138" cy="132" r="16" fill="${p.light}"/><circle cx="262" cy="132" r="16" fill="${p.light}"/>
<ellipse cx="112" cy="300" rx="30" ry="52" transform="rotate(25 112 300)" fill="${p.main}" ${outline(p)}/>
<ellipse cx="288" cy="300" rx="30" ry="52" transform="rotate(-25 288 300)" fill="${p.main}" ${outline(p)}/>
<ellipse cx="200" cy="332" rx="88" ry="98" fill="${p.main}" ${outline(p)}/>
<ellipse cx="200" cy="346" rx="52" ry="62" fill="${p.light}"/>
<circle cx="150" cy="412" r="32" fill="${p.main}" ${outline(p)}/><circle cx="250" cy="412" r="32" fill="${p.main}" ${outline(p)}/>
<circle cx="150" cy="414" r="16" fill="${p.light}"/><circle cx="250" cy="414" r="16" fill="${p.light}"/>
<circle cx="200" cy="184" r="74" fill="${p.main}" ${outline(p)}/>
<ellipse cx="200" cy="212" rx="32" ry="24" fill="${p.light}"/>
<ellipse cx="200" cy="200" rx="11" ry="8" fill="${p.dark}"/>
<circle cx="172" cy="172" r="7" fill="${p.dark}"/><circle cx="228" cy="172" r="7" fill="${p.dark}"/>
<path d="M190 222 Q200 232 210 222" fill="none" stroke="${p.dark}" stroke-width="3"/>
<path d="M200 258 L166 240 L166 276 Z M200 258 L234 240 L234 276 Z" fill="${p.accent}"/><circle cx="200" cy="258" r="8" fill="${p.accent}"/>`;

const doll: Motif = (p) => `<path d="M200 196 L292 424 L108 424 Z" fill="${p.main}" ${outline(p)}/>
<path d="M200 196 L292 424 L108 424 Z" fill="url(#fab)"/>
<path d="M118 400 L282 400" stroke="${p.accent}" stroke-width="12"/>
<path d="M172 220 L126 300 M228 220 L274 300" stroke="#b97a55" stroke-width="12" stroke-linecap="round"/>
<path d="M160 110 Q150 240 168 270 M240 110 Q250 240 232 270" stroke="#2b1d16" stroke-width="10" fill="none" stroke-linecap="round"/>
<circle cx="200" cy="150" r="46" fill="#c98e63" ${outline(p, 2)}/>
<path d="M154 146 Q160 100 200 100 Q240 100 246 146 Q226 118 200 120 Q174 118 154 146 Z" fill="#2b1d16"/>
<circle cx="184" cy="154" r="4.5" fill="#2b1d16"/><circle cx="216" cy="154" r="4.5" fill="#2b1d16"/>
<circle cx="200" cy="134" r="4" fill="#c0262d"/>
<path d="M188 172 Q200 180 212 172" fill="none" stroke="#8a2b2b" stroke-width="3"/>
<path d="M200 196 Q252 260 246 330 L264 322 Q266 250 214 196 Z" fill="${p.accent}" opacity="0.75"/>`;

const boardGame: Motif = (p) => {
  const colours = [p.extra[0], p.extra[1], p.extra[2], p.extra[3]];
  const corners: [number, number][] = [
    [92, 122],
    [228, 122],
    [92, 258],
    [228, 258],
  ];
  const homes = corners
    .map(
      ([x, y], i) =>
        `<rect x="${x}" y="${y}" width="80" height="80" fill="${colours[i] ?? p.main}"/><circle cx="${x + 40}" cy="${y + 40}" r="22" fill="#ffffff" opacity="0.85"/>`,
    )
    .join('');
  const grid = row(172, 228, 18.7)
    .map(
      (v) =>
        `<path d="M${v} 122 L${v} 338 M92 ${v - 50 + 50} L308 ${v}" stroke="${p.dark}" stroke-width="1" opacity="0.4"/>`,
    )
    .join('');
  return `<rect x="84" y="114" width="232" height="232" rx="8" fill="${p.light}" ${outline(p)}/>${homes}${grid}
<path d="M172 202 L200 230 L228 202 Z" fill="${colours[0] ?? p.main}"/><path d="M172 258 L200 230 L228 258 Z" fill="${colours[3] ?? p.main}"/>
<rect x="272" y="362" width="58" height="58" rx="10" fill="#ffffff" ${outline(p, 2)}/>
${dots(
  [
    [286, 376],
    [301, 391],
    [316, 406],
  ],
  5,
  p.dark,
)}
<rect x="84" y="372" width="46" height="46" rx="8" fill="#ffffff" ${outline(p, 2)}/>${dots([[107, 395]], 6, p.dark)}`;
};

const teapot: Motif = (
  p,
) => `<path d="M280 288 Q334 250 340 214" fill="none" stroke="${p.main}" stroke-width="16" stroke-linecap="round"/>
<path d="M120 264 Q80 270 84 308 Q88 340 124 338" fill="none" stroke="${p.dark}" stroke-width="12"/>
<ellipse cx="200" cy="300" rx="92" ry="76" fill="${p.main}" ${outline(p)}/>
<ellipse cx="200" cy="300" rx="92" ry="76" fill="url(#fab)"/>
<path d="M136 246 Q200 214 264 246" fill="${p.dark}"/><circle cx="200" cy="214" r="10" fill="${p.accent}"/>
<path d="M112 300 Q200 332 288 300" fill="none" stroke="${p.accent}" stroke-width="7"/>
<ellipse cx="100" cy="420" rx="48" ry="10" fill="${p.dark}"/><path d="M72 380 L128 380 L120 414 L80 414 Z" fill="${p.extra[0] ?? p.light}" ${outline(p, 2)}/>
<ellipse cx="300" cy="420" rx="48" ry="10" fill="${p.dark}"/><path d="M272 380 L328 380 L320 414 L280 414 Z" fill="${p.extra[1] ?? p.light}" ${outline(p, 2)}/>`;

const stacker: Motif = (p) => {
  const colours = [...p.extra, p.main, p.accent];
  const rings = [0, 1, 2, 3, 4, 5]
    .map((i) => {
      const y = 392 - i * 44;
      const rx = 104 - i * 13;
      return `<ellipse cx="200" cy="${y}" rx="${rx}" ry="24" fill="${colours[i % colours.length]}" ${outline(p, 2)}/><ellipse cx="${200 - rx * 0.4}" cy="${y - 8}" rx="${rx * 0.25}" ry="5" fill="#ffffff" opacity="0.35"/>`;
    })
    .join('');
  return `<rect x="190" y="116" width="20" height="300" rx="10" fill="#c4935f"/><circle cx="200" cy="112" r="22" fill="${p.main}" ${outline(p, 2)}/>
<rect x="84" y="412" width="232" height="22" rx="8" fill="#b3865a" ${outline(p, 2)}/>${rings}`;
};

const hairclip: Motif = (p, r) => {
  const clip = (x: number, y: number, angle: number, fill: string) =>
    `<g transform="rotate(${angle} ${x} ${y})"><rect x="${x - 70}" y="${y - 14}" width="140" height="28" rx="14" fill="${fill}" ${outline(p, 2)}/>${buti(x, y, 13, p.light, p.accent)}</g>`;
  return `${clip(170, 170, -18, p.main)}${clip(230, 250, 12, p.extra[0] ?? p.accent)}${clip(180, 330, -8, p.main)}
<circle cx="272" cy="384" r="44" fill="none" stroke="${p.extra[1] ?? p.dark}" stroke-width="26"/>
<circle cx="272" cy="384" r="44" fill="none" stroke="${p.light}" stroke-width="3" stroke-dasharray="${r.int(5, 9)} 7"/>`;
};

const diya: Motif = (p, r, variant) => {
  const one = (x: number, y: number, s: number) =>
    `<g transform="translate(${x} ${y}) scale(${s})">
<circle cx="0" cy="-40" r="70" fill="#ffcf4d" opacity="0.22"/>
<path d="M0 -130 Q30 -70 15 -30 Q0 -15 -15 -30 Q-30 -70 0 -130 Z" fill="#ff9f1c"/>
<path d="M0 -96 Q14 -60 7 -38 Q0 -30 -7 -38 Q-14 -60 0 -96 Z" fill="#fff1a8"/>
<path d="M-96 -10 Q0 100 96 -10 Q112 -26 138 -40 Q126 6 88 22 Q40 50 0 50 Q-60 50 -96 -10 Z" fill="${p.main}" ${outline(p)}/>
<ellipse cx="0" cy="-12" rx="96" ry="16" fill="${p.dark}"/>
<path d="M-80 14 Q0 52 80 14" fill="none" stroke="${p.accent}" stroke-width="5" stroke-dasharray="1 9" stroke-linecap="round"/></g>`;
  const set = variant.includes('set') || r.chance(0.3);
  return set ? `${one(200, 330, 0.9)}${one(92, 424, 0.45)}${one(304, 424, 0.45)}` : one(200, 340, 1.15);
};

const lantern: Motif = (p) => {
  const holes = [0, 1, 2, 3]
    .flatMap((rowIndex) => [0, 1, 2].map((col) => [150 + col * 50, 222 + rowIndex * 48] as [number, number]))
    .map(
      ([x, y]) =>
        `<path d="M${x - 12} ${y + 14} L${x - 12} ${y - 4} Q${x} ${y - 20} ${x + 12} ${y - 4} L${x + 12} ${y + 14} Z" fill="#ffe08a"/>`,
    )
    .join('');
  return `<path d="M200 52 L200 104" stroke="${p.dark}" stroke-width="4"/><circle cx="200" cy="60" r="14" fill="none" stroke="${p.dark}" stroke-width="5"/>
<circle cx="200" cy="290" r="150" fill="#ffcf4d" opacity="0.18"/>
<path d="M150 160 L200 104 L250 160 Z" fill="${p.main}" ${outline(p)}/>
<rect x="116" y="160" width="168" height="230" rx="12" fill="${p.main}" ${outline(p)}/>${holes}
<rect x="104" y="384" width="192" height="26" rx="6" fill="${p.dark}"/>
<rect x="110" y="152" width="180" height="16" rx="5" fill="${p.accent}"/>`;
};

const vase: Motif = (p, r) => {
  const zig = row(112, 272, 20)
    .map((x) => `L${x + 10} 268 L${x + 20} 290`)
    .join(' ');
  const stems = r.chance(0.5)
    ? [-28, 0, 26]
        .map(
          (dx, i) =>
            `<path d="M200 116 Q${200 + dx} 70 ${200 + dx * 2} ${40 + i * 12}" fill="none" stroke="#3f7d3a" stroke-width="4"/>${buti(200 + dx * 2, 36 + i * 12, 7, '#ffffff', '#f2c230')}`,
        )
        .join('')
    : '';
  return `${stems}<path d="M168 110 L232 110 L230 142 Q300 200 296 300 Q290 392 240 432 L160 432 Q110 392 104 300 Q100 200 170 142 Z" fill="${p.main}" ${outline(p)}/>
<path d="M168 110 L232 110 L230 142 Q300 200 296 300 Q290 392 240 432 L160 432 Q110 392 104 300 Q100 200 170 142 Z" fill="url(#fab)"/>
<path d="M102 290 L112 290 ${zig}" fill="none" stroke="${p.accent}" stroke-width="6"/>
<path d="M170 142 L230 142" stroke="${p.accent}" stroke-width="8"/>
<ellipse cx="200" cy="110" rx="34" ry="8" fill="${p.dark}"/>
<path d="M140 200 Q124 260 132 330" fill="none" stroke="#ffffff" stroke-width="8" opacity="0.25" stroke-linecap="round"/>`;
};

const cushion: Motif = (p, r) => {
  const petals = row(0, 315, 45)
    .map(
      (a) =>
        `<ellipse cx="200" cy="214" rx="14" ry="36" transform="rotate(${a} 200 260)" fill="${p.accent}" opacity="0.9"/>`,
    )
    .join('');
  const tassel = (x: number, y: number) =>
    `<path d="M${x} ${y} L${x + (x < 200 ? -14 : 14)} ${y + (y < 260 ? -14 : 14)}" stroke="${p.accent}" stroke-width="6" stroke-linecap="round"/>`;
  return fabric('M96 136 Q200 116 304 136 Q324 260 304 384 Q200 404 96 384 Q76 260 96 136 Z', p).concat(
    `${petals}<circle cx="200" cy="260" r="${r.int(26, 32)}" fill="${p.light}"/><circle cx="200" cy="260" r="12" fill="${p.dark}"/>
<path d="M96 136 Q200 116 304 136 Q324 260 304 384 Q200 404 96 384 Q76 260 96 136 Z" fill="none" stroke="${p.accent}" stroke-width="5"/>
${tassel(96, 136)}${tassel(304, 136)}${tassel(96, 384)}${tassel(304, 384)}`,
  );
};

const bedsheet: Motif = (p) => {
  const fold = (y: number, dx: number, fill: string) =>
    `<rect x="${86 + dx}" y="${y}" width="228" height="62" rx="8" fill="${fill}" ${outline(p, 2.5)}/>
<rect x="${86 + dx}" y="${y}" width="228" height="62" rx="8" fill="url(#fab)"/>
<rect x="${86 + dx}" y="${y + 46}" width="228" height="10" fill="${p.accent}"/>`;
  return `${fold(360, 0, p.dark)}${fold(294, 8, p.main)}${fold(228, -6, p.light)}${fold(162, 4, p.main)}
<rect x="186" y="150" width="26" height="278" fill="${p.accent}" opacity="0.9"/>
<path d="M199 150 Q170 120 176 104 Q190 98 199 140 Q208 98 222 104 Q228 120 199 150 Z" fill="${p.accent}"/>`;
};

const painting: Motif = (p, r) => {
  const fish = (x: number, y: number, flip: number, fill: string) =>
    `<g transform="translate(${x} ${y}) scale(${flip} 1)"><path d="M-46 0 Q0 -34 40 0 Q0 34 -46 0 Z" fill="${fill}" stroke="#1a1a1a" stroke-width="2"/>
<path d="M40 0 L64 -20 L64 20 Z" fill="${fill}" stroke="#1a1a1a" stroke-width="2"/><circle cx="-26" cy="-4" r="4" fill="#1a1a1a"/>
${row(-14, 26, 10)
  .map((v) => `<path d="M${v} -16 L${v} 16" stroke="#1a1a1a" stroke-width="1.5"/>`)
  .join('')}</g>`;
  const triangles = row(108, 284, 16)
    .map(
      (x) =>
        `<path d="M${x} 128 L${x + 8} 142 L${x + 16} 128 Z" fill="${p.main}"/><path d="M${x} 382 L${x + 8} 368 L${x + 16} 382 Z" fill="${p.main}"/>`,
    )
    .join('');
  return `<path d="M200 60 L120 110 M200 60 L280 110" stroke="${p.dark}" stroke-width="2"/>
<rect x="84" y="104" width="232" height="300" rx="4" fill="${p.accent}" ${outline(p)}/>
<rect x="102" y="122" width="196" height="264" fill="#f6ead0"/>${triangles}
${fish(180, 210, 1, p.extra[0] ?? p.main)}${fish(220, 300, -1, p.extra[1] ?? p.main)}
<circle cx="${r.int(250, 270)}" cy="170" r="16" fill="${p.extra[2] ?? p.accent}" stroke="#1a1a1a" stroke-width="2"/>`;
};

const kadai: Motif = (
  p,
) => `<path d="M92 286 Q58 282 62 254 Q66 238 86 246" fill="none" stroke="${p.dark}" stroke-width="12" stroke-linecap="round"/>
<path d="M308 286 Q342 282 338 254 Q334 238 314 246" fill="none" stroke="${p.dark}" stroke-width="12" stroke-linecap="round"/>
<path d="M88 276 Q200 450 312 276 Z" fill="${p.main}" ${outline(p)}/>
<path d="M88 276 Q200 450 312 276 Z" fill="url(#fab)"/>
<ellipse cx="200" cy="276" rx="114" ry="24" fill="${p.dark}" ${outline(p, 2)}/>
<ellipse cx="200" cy="280" rx="96" ry="16" fill="${p.light}" opacity="0.35"/>
<path d="M128 320 Q200 380 272 320" fill="none" stroke="#ffffff" stroke-width="6" opacity="0.2"/>`;

const pan: Motif = (
  p,
) => `<rect x="270" y="286" width="110" height="22" rx="10" transform="rotate(-14 270 296)" fill="${p.dark}"/>
<ellipse cx="180" cy="318" rx="128" ry="74" fill="${p.main}" ${outline(p)}/>
<ellipse cx="180" cy="312" rx="108" ry="58" fill="${p.dark}"/>
<ellipse cx="180" cy="312" rx="108" ry="58" fill="url(#fab)"/>
<ellipse cx="150" cy="296" rx="46" ry="16" fill="#ffffff" opacity="0.12"/>`;

const thali: Motif = (p, r, variant) => {
  const pooja = variant.includes('pooja');
  const fills = pooja ? ['#c0262d', '#f2c230', '#f4f1ea'] : ['#e2a72e', '#4d8b31', '#b3401f', '#f4efe0'];
  const bowls = [0, 1, 2, 3]
    .slice(0, pooja ? 3 : 4)
    .map((i) => {
      const a = ((200 + i * 46) * Math.PI) / 180;
      const x = 200 + Math.cos(a) * 88;
      const y = 274 + Math.sin(a) * 88;
      return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="32" fill="${p.light}" ${outline(p, 2)}/><circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="24" fill="${fills[i]}"/>`;
    })
    .join('');
  const centre = pooja
    ? `<path d="M200 240 Q220 270 212 290 Q200 300 188 290 Q180 270 200 240 Z" fill="#ff9f1c"/><path d="M160 300 Q200 340 240 300 Z" fill="#c0623c"/>`
    : `${dots(
        [
          [186, 318],
          [214, 318],
          [200, 300],
        ],
        r.int(18, 22),
        '#f0d9a0',
      )}`;
  return `<circle cx="200" cy="274" r="150" fill="${p.main}" ${outline(p)}/>
<circle cx="200" cy="274" r="132" fill="${p.light}" opacity="0.5"/>
<circle cx="200" cy="274" r="132" fill="url(#fab)"/>
<circle cx="200" cy="274" r="141" fill="none" stroke="${p.accent}" stroke-width="3" stroke-dasharray="2 6"/>${bowls}${centre}`;
};

const mug: Motif = (
  p,
  r,
) => `<path d="M270 220 Q336 220 332 280 Q328 336 270 336" fill="none" stroke="${p.main}" stroke-width="20"/>
<rect x="124" y="176" width="150" height="230" rx="16" fill="${p.main}" ${outline(p)}/>
<rect x="124" y="176" width="150" height="230" rx="16" fill="url(#fab)"/>
<rect x="124" y="260" width="150" height="${r.int(30, 50)}" fill="${p.light}" opacity="0.85"/>
${buti(199, 284, 12, p.accent, p.dark)}
<ellipse cx="199" cy="178" rx="75" ry="12" fill="${p.dark}"/>
<path d="M170 150 Q160 126 176 110 Q190 94 180 72 M224 150 Q214 126 230 110 Q244 94 234 72" fill="none" stroke="#ffffff" stroke-width="6" opacity="0.55" stroke-linecap="round"/>`;

const bottle: Motif = (p) => `<rect x="176" y="86" width="48" height="42" rx="8" fill="${p.dark}"/>
<path d="M172 126 L228 126 L230 162 Q272 184 272 234 L272 402 Q272 434 240 434 L160 434 Q128 434 128 402 L128 234 Q128 184 170 162 Z" fill="${p.main}" ${outline(p)}/>
<path d="M172 126 L228 126 L230 162 Q272 184 272 234 L272 402 Q272 434 240 434 L160 434 Q128 434 128 402 L128 234 Q128 184 170 162 Z" fill="url(#fab)"/>
<path d="M150 230 L150 400" stroke="#ffffff" stroke-width="10" opacity="0.25" stroke-linecap="round"/>
<path d="M130 300 L270 300 M130 320 L270 320" stroke="${p.accent}" stroke-width="4"/>`;

const apron: Motif = (p) => {
  const body = 'M158 112 L242 112 L248 192 Q302 202 302 232 L292 432 L108 432 L98 232 Q98 202 152 192 Z';
  return `<path d="M158 116 Q200 40 242 116" fill="none" stroke="${p.dark}" stroke-width="6"/>
<path d="M98 238 Q60 260 70 300 M302 238 Q340 260 330 300" fill="none" stroke="${p.dark}" stroke-width="6"/>
${fabric(body, p)}<rect x="150" y="300" width="100" height="70" rx="6" fill="${p.light}" ${outline(p, 2)}/>
<path d="M150 300 L250 300" stroke="${p.accent}" stroke-width="6"/>`;
};

const pen: Motif = (p) => `<rect x="76" y="332" width="248" height="86" rx="12" fill="${p.dark}"/>
<rect x="88" y="344" width="224" height="62" rx="8" fill="#5c1020" opacity="0.8"/>
<g transform="rotate(-38 200 250)">
<rect x="184" y="86" width="36" height="276" rx="14" fill="${p.main}" ${outline(p)}/>
<path d="M184 356 L220 356 L202 408 Z" fill="${p.accent}" ${outline(p, 2)}/>
<rect x="184" y="150" width="36" height="12" fill="${p.accent}"/><rect x="214" y="96" width="10" height="96" rx="4" fill="${p.accent}"/>
<path d="M196 220 L196 320" stroke="#ffffff" stroke-width="3" opacity="0.4"/></g>`;

const giftbox: Motif = (p, r, variant) => {
  const hamper = variant.includes('hamper');
  const nuts = hamper
    ? dots(
        row(124, 276, 19).map((x) => [x, 204 + r.int(-8, 4)] as [number, number]),
        12,
        '#b07a45',
      ) +
      dots(
        row(134, 266, 22).map((x) => [x, 196 + r.int(-6, 4)] as [number, number]),
        8,
        '#e6c79a',
      )
    : '';
  return `${nuts}<rect x="108" y="230" width="184" height="196" rx="6" fill="${p.main}" ${outline(p)}/>
<rect x="108" y="230" width="184" height="196" rx="6" fill="url(#fab)"/>
<rect x="98" y="${hamper ? 212 : 196}" width="204" height="46" rx="6" fill="${p.dark}" ${outline(p)}/>
<rect x="188" y="${hamper ? 212 : 196}" width="24" height="230" fill="${p.accent}"/>
${hamper ? '' : `<rect x="98" y="212" width="204" height="14" fill="${p.accent}"/>`}
<ellipse cx="170" cy="${hamper ? 200 : 180}" rx="34" ry="18" transform="rotate(-20 170 190)" fill="${p.accent}" ${outline(p, 2)}/>
<ellipse cx="230" cy="${hamper ? 200 : 180}" rx="34" ry="18" transform="rotate(20 230 190)" fill="${p.accent}" ${outline(p, 2)}/>
<circle cx="200" cy="${hamper ? 206 : 190}" r="12" fill="${p.accent}" ${outline(p, 2)}/>`;
};

const rakhi: Motif = (p, r) => {
  const petals = row(0, 330, 30)
    .map(
      (a) =>
        `<ellipse cx="200" cy="206" rx="16" ry="40" transform="rotate(${a} 200 250)" fill="${p.main}" ${outline(p, 1.5)}/>`,
    )
    .join('');
  return `<path d="M40 250 Q120 ${r.int(220, 240)} 200 250 Q280 ${r.int(260, 280)} 360 250" fill="none" stroke="${p.accent}" stroke-width="7"/>
<path d="M40 250 Q120 ${r.int(220, 240)} 200 250 Q280 ${r.int(260, 280)} 360 250" fill="none" stroke="${p.dark}" stroke-width="2" stroke-dasharray="4 4"/>
${dots(
  [
    [80, 246],
    [110, 242],
    [290, 258],
    [320, 254],
  ],
  7,
  p.light,
)}
<path d="M40 250 L28 290 M40 250 L46 292 M360 250 L354 292 M360 250 L372 290" stroke="${p.accent}" stroke-width="3"/>
${petals}<circle cx="200" cy="250" r="34" fill="${p.accent}" ${outline(p, 2)}/>${buti(200, 250, 14, p.light, p.dark)}`;
};

const candle: Motif = (p) => `<circle cx="200" cy="200" r="90" fill="#ffcf4d" opacity="0.2"/>
<path d="M200 150 Q222 190 212 214 Q200 226 188 214 Q178 190 200 150 Z" fill="#ff9f1c"/>
<path d="M200 176 Q208 196 204 208 Q200 214 196 208 Q192 196 200 176 Z" fill="#fff1a8"/>
<path d="M200 218 L200 250" stroke="#3a2a1a" stroke-width="3"/>
<rect x="130" y="228" width="140" height="200" rx="16" fill="#ffffff" opacity="0.35" stroke="#ffffff" stroke-width="3"/>
<rect x="140" y="250" width="120" height="170" rx="10" fill="${p.main}"/>
<rect x="130" y="310" width="140" height="60" fill="${p.light}" ${outline(p, 1.5)}/>
${buti(200, 340, 10, p.accent, p.dark)}
<path d="M146 244 L146 420" stroke="#ffffff" stroke-width="6" opacity="0.4"/>`;

export const MOTIFS = {
  kurta,
  jacket,
  tshirt,
  shirt,
  trousers,
  vest,
  saree,
  dress,
  lehenga,
  dupatta,
  bangles,
  earrings,
  necklace,
  potli,
  tote,
  backpack,
  wallet,
  footwear,
  watch,
  train,
  spinningTop,
  teddy,
  doll,
  boardGame,
  teapot,
  stacker,
  hairclip,
  diya,
  lantern,
  vase,
  cushion,
  bedsheet,
  painting,
  kadai,
  pan,
  thali,
  mug,
  bottle,
  apron,
  pen,
  giftbox,
  rakhi,
  candle,
} satisfies Record<string, Motif>;

export type MotifName = keyof typeof MOTIFS;

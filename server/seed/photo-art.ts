/**
 * Illustrations that stand in for listing photos in the demo data: the app runs offline, so no
 * image comes from outside. 12 scenes in 3 palettes each, 1200×800, drawn with plain SVG shapes and
 * gradients (no scripts, no external references, no text). Over 300 lines because it is mostly
 * drawing data, one function per scene; it runs only when demo data is seeded.
 */
import { createRandom } from './random.ts';

export const photoWidth = 1200;
export const photoHeight = 800;

export type PhotoScene =
  | 'hotel-facade'
  | 'hotel-pool'
  | 'bedroom'
  | 'living-room'
  | 'kitchen'
  | 'bathroom'
  | 'balcony'
  | 'skyline'
  | 'desert'
  | 'dead-sea'
  | 'jerusalem'
  | 'beach';

export interface PhotoArt {
  /** File name without extension, e.g. 'bedroom-2'. */
  name: string;
  scene: PhotoScene;
  variant: number;
  altEn: string;
  altHe: string;
  svg: string;
}

/** Where the seed keeps an illustration in storage; 'public/' keys are served to anyone. */
export function photoArtKey(name: string): string {
  return `public/seed/${name}.svg`;
}

// ---------------------------------------------------------------- small helpers


const r1 = (n: number) => Math.round(n * 10) / 10;

function linear(id: string, stops: [number, string, number?][], x2 = 0, y2 = 1): string {
  const s = stops
    .map(([o, c, op]) => `<stop offset="${o}" stop-color="${c}"${op === undefined ? '' : ` stop-opacity="${op}"`}/>`)
    .join('');
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${s}</linearGradient>`;
}

function radial(id: string, stops: [number, string, number?][]): string {
  const s = stops
    .map(([o, c, op]) => `<stop offset="${o}" stop-color="${c}"${op === undefined ? '' : ` stop-opacity="${op}"`}/>`)
    .join('');
  return `<radialGradient id="${id}" cx="0.5" cy="0.5" r="0.5">${s}</radialGradient>`;
}

function wrap(id: string, defs: string[], body: string[]): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${photoWidth}" height="${photoHeight}" ` +
    `viewBox="0 0 ${photoWidth} ${photoHeight}" preserveAspectRatio="xMidYMid slice" role="img">` +
    `<defs>${defs.join('')}</defs>` +
    `<g id="${id}">${body.join('')}</g></svg>`
  );
}

interface Sky {
  top: string;
  mid: string;
  bottom: string;
  sun: string;
  glow: string;
}

const skies: Sky[] = [
  { top: '#3f8fd8', mid: '#86c1ee', bottom: '#d8eefa', sun: '#fff6d8', glow: '#fff3c4' },
  { top: '#29365f', mid: '#d9707a', bottom: '#fbc98a', sun: '#ffe2a8', glow: '#ffb070' },
  { top: '#6fb2e8', mid: '#b7dcf3', bottom: '#fde6c8', sun: '#fffaf0', glow: '#ffe9b8' },
];

function skyDefs(p: string, sky: Sky): string[] {
  return [
    linear(`${p}-sky`, [
      [0, sky.top],
      [0.6, sky.mid],
      [1, sky.bottom],
    ]),
    radial(`${p}-glow`, [
      [0, sky.glow, 0.9],
      [0.35, sky.glow, 0.35],
      [1, sky.glow, 0],
    ]),
  ];
}

function skyAndSun(p: string, sun: { x: number; y: number; r: number } | null, horizon = 800): string {
  let out = `<rect width="1200" height="${horizon}" fill="url(#${p}-sky)"/>`;
  if (sun) {
    out += `<circle cx="${sun.x}" cy="${sun.y}" r="${sun.r * 5}" fill="url(#${p}-glow)"/>`;
    out += `<circle cx="${sun.x}" cy="${sun.y}" r="${sun.r}" fill="url(#${p}-sun)"/>`;
  }
  return out;
}

function sunDef(p: string, sky: Sky): string {
  return radial(`${p}-sun`, [
    [0, '#ffffff'],
    [0.7, sky.sun],
    [1, sky.glow],
  ]);
}

function clouds(rand: () => number, count: number, yMin: number, yMax: number, opacity: number): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = r1(rand() * 1200);
    const y = r1(yMin + rand() * (yMax - yMin));
    const w = 60 + rand() * 110;
    out +=
      `<g fill="#ffffff" opacity="${opacity}">` +
      `<ellipse cx="${x}" cy="${y}" rx="${r1(w)}" ry="${r1(w * 0.22)}"/>` +
      `<ellipse cx="${r1(x - w * 0.3)}" cy="${r1(y - w * 0.12)}" rx="${r1(w * 0.45)}" ry="${r1(w * 0.24)}"/>` +
      `<ellipse cx="${r1(x + w * 0.25)}" cy="${r1(y - w * 0.18)}" rx="${r1(w * 0.4)}" ry="${r1(w * 0.26)}"/></g>`;
  }
  return out;
}

function palm(x: number, baseY: number, height: number, lean: number, trunk: string, leaf: string): string {
  const topX = x + lean;
  const topY = baseY - height;
  const w = Math.max(6, height * 0.045);
  let out = `<path d="M${x} ${baseY} Q${r1(x + lean * 0.2)} ${r1(baseY - height * 0.5)} ${r1(topX)} ${r1(topY)}" stroke="${trunk}" stroke-width="${r1(w)}" fill="none" stroke-linecap="round"/>`;
  // Rings on the trunk.
  for (let i = 1; i < 9; i++) {
    const t = i / 9;
    const px = (1 - t) * (1 - t) * x + 2 * (1 - t) * t * (x + lean * 0.2) + t * t * topX;
    const py = (1 - t) * (1 - t) * baseY + 2 * (1 - t) * t * (baseY - height * 0.5) + t * t * topY;
    out += `<path d="M${r1(px - w / 2)} ${r1(py)} l${r1(w)} -3" stroke="#000" stroke-opacity="0.18" stroke-width="2"/>`;
  }
  const len = height * 0.42;
  const angles = [-170, -140, -110, -75, -40, -10, 20, -95];
  for (const a of angles) {
    const rad = (a * Math.PI) / 180;
    const ex = topX + Math.cos(rad) * len;
    const ey = topY + Math.sin(rad) * len * 0.55 + len * 0.35;
    const cx = topX + Math.cos(rad) * len * 0.5;
    const cy = topY + Math.sin(rad) * len * 0.6 - len * 0.1;
    out +=
      `<path d="M${r1(topX)} ${r1(topY)} Q${r1(cx)} ${r1(cy - len * 0.12)} ${r1(ex)} ${r1(ey)} Q${r1(cx)} ${r1(cy + len * 0.1)} ${r1(topX)} ${r1(topY)}Z" fill="${leaf}"/>` +
      `<path d="M${r1(topX)} ${r1(topY)} Q${r1(cx)} ${r1(cy - len * 0.01)} ${r1(ex)} ${r1(ey)}" stroke="#000" stroke-opacity="0.15" stroke-width="2" fill="none"/>`;
  }
  out += `<circle cx="${r1(topX)}" cy="${r1(topY + 4)}" r="${r1(w * 0.9)}" fill="${trunk}"/>`;
  return out;
}

function plant(x: number, baseY: number, size: number, pot: string, leaf: string, rand: () => number): string {
  const potW = size * 0.55;
  const potH = size * 0.45;
  let out = `<ellipse cx="${x}" cy="${r1(baseY)}" rx="${r1(potW * 0.7)}" ry="${r1(size * 0.05)}" fill="#000" opacity="0.15"/>`;
  const leaves = 9;
  for (let i = 0; i < leaves; i++) {
    const a = -160 + (140 / (leaves - 1)) * i + (rand() - 0.5) * 14;
    const rad = (a * Math.PI) / 180;
    const l = size * (0.65 + rand() * 0.45);
    const sx = x;
    const sy = baseY - potH;
    const ex = sx + Math.cos(rad) * l;
    const ey = sy + Math.sin(rad) * l;
    const nx = -Math.sin(rad) * l * 0.18;
    const ny = Math.cos(rad) * l * 0.18;
    const mx = (sx + ex) / 2;
    const my = (sy + ey) / 2;
    const shade = i % 2 === 0 ? leaf : '#000';
    out += `<path d="M${r1(sx)} ${r1(sy)} Q${r1(mx + nx)} ${r1(my + ny)} ${r1(ex)} ${r1(ey)} Q${r1(mx - nx)} ${r1(my - ny)} ${r1(sx)} ${r1(sy)}Z" fill="${leaf}"/>`;
    if (shade === '#000') out += `<path d="M${r1(sx)} ${r1(sy)} Q${r1(mx + nx)} ${r1(my + ny)} ${r1(ex)} ${r1(ey)}Z" fill="#000" opacity="0.12"/>`;
  }
  out += `<path d="M${r1(x - potW / 2)} ${r1(baseY - potH)} h${r1(potW)} l${r1(-potW * 0.12)} ${r1(potH)} h${r1(-potW * 0.76)}Z" fill="${pot}"/>`;
  out += `<rect x="${r1(x - potW / 2 - 4)}" y="${r1(baseY - potH - 6)}" width="${r1(potW + 8)}" height="12" rx="4" fill="${pot}"/>`;
  out += `<path d="M${r1(x + potW * 0.1)} ${r1(baseY - potH + 6)} l${r1(-potW * 0.06)} ${r1(potH - 6)} h${r1(potW * 0.3)} l${r1(potW * 0.08)} ${r1(-potH + 6)}Z" fill="#000" opacity="0.12"/>`;
  return out;
}

function woodFloor(p: string, top: number, base: string, rand: () => number): string {
  let out = `<rect y="${top}" width="1200" height="${800 - top}" fill="url(#${p}-floor)"/>`;
  let y = top;
  let row = 0;
  while (y < 800) {
    const h = 18 + row * 6;
    out += `<line x1="0" y1="${r1(y)}" x2="1200" y2="${r1(y)}" stroke="#000" stroke-opacity="0.12" stroke-width="1.5"/>`;
    let x = -rand() * 300;
    while (x < 1200) {
      x += 220 + rand() * 200;
      out += `<line x1="${r1(x)}" y1="${r1(y)}" x2="${r1(x)}" y2="${r1(y + h)}" stroke="#000" stroke-opacity="0.1" stroke-width="1.5"/>`;
    }
    y += h;
    row++;
  }
  void base;
  return out;
}

function windowView(
  p: string,
  x: number,
  y: number,
  w: number,
  h: number,
  view: 'sea' | 'city' | 'hills',
  frame: string,
): string {
  const clip = `${p}-win-${x}`;
  const horizon = y + h * 0.62;
  let inner = `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#${p}-sky)"/>`;
  if (view === 'sea') {
    inner += `<rect x="${x}" y="${r1(horizon)}" width="${w}" height="${r1(h * 0.38)}" fill="url(#${p}-sea)"/>`;
    inner += `<rect x="${x}" y="${r1(horizon)}" width="${w}" height="3" fill="#ffffff" opacity="0.5"/>`;
  } else if (view === 'city') {
    let bx = x - 10;
    let i = 0;
    while (bx < x + w) {
      const bw = 40 + ((i * 37) % 50);
      const bh = h * (0.2 + ((i * 53) % 40) / 100);
      inner += `<rect x="${r1(bx)}" y="${r1(y + h - bh)}" width="${bw}" height="${r1(bh)}" fill="#8aa0b8" opacity="${0.55 + (i % 3) * 0.12}"/>`;
      bx += bw + 6;
      i++;
    }
  } else {
    inner += `<path d="M${x} ${r1(horizon)} Q${r1(x + w * 0.3)} ${r1(horizon - h * 0.18)} ${r1(x + w * 0.6)} ${r1(horizon - h * 0.05)} T${x + w} ${r1(horizon - h * 0.1)} V${y + h} H${x}Z" fill="#8fae7a"/>`;
    inner += `<path d="M${x} ${r1(horizon + h * 0.1)} Q${r1(x + w * 0.5)} ${r1(horizon - h * 0.02)} ${x + w} ${r1(horizon + h * 0.12)} V${y + h} H${x}Z" fill="#6f9160"/>`;
  }
  inner += `<path d="M${x} ${y} L${r1(x + w * 0.45)} ${y} L${x} ${r1(y + h * 0.7)}Z" fill="#ffffff" opacity="0.12"/>`;
  return (
    `<clipPath id="${clip}"><rect x="${x}" y="${y}" width="${w}" height="${h}"/></clipPath>` +
    `<rect x="${x - 14}" y="${y - 14}" width="${w + 28}" height="${h + 28}" fill="${frame}"/>` +
    `<g clip-path="url(#${clip})">${inner}</g>` +
    `<rect x="${r1(x + w / 2 - 5)}" y="${y}" width="10" height="${h}" fill="${frame}"/>` +
    `<rect x="${x - 22}" y="${y + h + 10}" width="${w + 44}" height="14" fill="${frame}"/>` +
    `<rect x="${x - 22}" y="${y + h + 24}" width="${w + 44}" height="6" fill="#000" opacity="0.08"/>`
  );
}

function curtain(x: number, y: number, w: number, h: number, color: string): string {
  let out = `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${color}"/>`;
  const folds = Math.max(2, Math.round(w / 22));
  for (let i = 1; i < folds; i++) {
    const fx = x + (w / folds) * i;
    out += `<rect x="${r1(fx - 3)}" y="${y}" width="6" height="${h}" fill="#000" opacity="0.1"/>`;
  }
  out += `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#curtain-shade)" opacity="0.2"/>`;
  return out;
}

function framedArt(x: number, y: number, w: number, h: number, colors: string[], frame: string): string {
  const [a = '#e07a5f', b = '#3d405b', c = '#81b29a', d = '#f2cc8f'] = colors;
  return (
    `<rect x="${x + 6}" y="${y + 8}" width="${w}" height="${h}" fill="#000" opacity="0.12"/>` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${frame}"/>` +
    `<rect x="${x + 10}" y="${y + 10}" width="${w - 20}" height="${h - 20}" fill="#f7f3ea"/>` +
    `<circle cx="${r1(x + w * 0.62)}" cy="${r1(y + h * 0.38)}" r="${r1(Math.min(w, h) * 0.18)}" fill="${a}"/>` +
    `<path d="M${x + 10} ${r1(y + h * 0.78)} Q${r1(x + w * 0.35)} ${r1(y + h * 0.45)} ${r1(x + w * 0.6)} ${r1(y + h * 0.7)} T${x + w - 10} ${r1(y + h * 0.6)} V${y + h - 10} H${x + 10}Z" fill="${b}"/>` +
    `<path d="M${x + 10} ${r1(y + h * 0.86)} Q${r1(x + w * 0.5)} ${r1(y + h * 0.7)} ${x + w - 10} ${r1(y + h * 0.84)} V${y + h - 10} H${x + 10}Z" fill="${c}"/>` +
    `<rect x="${r1(x + w * 0.18)}" y="${r1(y + h * 0.2)}" width="${r1(w * 0.14)}" height="${r1(h * 0.1)}" fill="${d}"/>`
  );
}

function lamp(x: number, baseY: number, shade: string, lit: boolean): string {
  return (
    (lit ? `<ellipse cx="${x}" cy="${baseY - 70}" rx="90" ry="70" fill="url(#lamp-glow)"/>` : '') +
    `<rect x="${x - 4}" y="${baseY - 60}" width="8" height="60" fill="#6b5b4b"/>` +
    `<ellipse cx="${x}" cy="${baseY - 2}" rx="22" ry="6" fill="#6b5b4b"/>` +
    `<path d="M${x - 26} ${baseY - 58} L${x - 16} ${baseY - 104} H${x + 16} L${x + 26} ${baseY - 58}Z" fill="${shade}"/>` +
    `<path d="M${x + 4} ${baseY - 104} H${x + 16} L${x + 26} ${baseY - 58} H${x + 10}Z" fill="#000" opacity="0.08"/>`
  );
}

const commonDefs = [
  linear('curtain-shade', [
    [0, '#000000', 0],
    [1, '#000000', 1],
  ]),
  radial('lamp-glow', [
    [0, '#fff1c1', 0.8],
    [1, '#fff1c1', 0],
  ]),
];

// ---------------------------------------------------------------- scenes

interface SceneOutput {
  defs: string[];
  body: string[];
}

type SceneFn = (p: string, v: number, rand: () => number) => SceneOutput;

const hotelFacade: SceneFn = (p, v, rand) => {
  const sky = skies[v % 3]!;
  const walls = ['#f4efe6', '#e9d8bd', '#ffffff'][v]!;
  const accent = ['#2b6f8f', '#b5533c', '#3d7d5a'][v]!;
  const night = v === 1;
  const defs = [
    ...skyDefs(p, sky),
    sunDef(p, sky),
    linear(`${p}-glass`, night
      ? [
          [0, '#ffd98a'],
          [1, '#f2a95c'],
        ]
      : [
          [0, '#a9d3ef'],
          [1, '#3c6e96'],
        ]),
    linear(`${p}-wall`, [
      [0, walls],
      [1, '#cbbfae'],
    ], 1, 0),
  ];
  const body: string[] = [];
  body.push(skyAndSun(p, night ? { x: 980, y: 420, r: 60 } : { x: 1010, y: 130, r: 46 }, 800));
  body.push(clouds(rand, 4, 60, 260, night ? 0.25 : 0.8));
  body.push(`<path d="M0 560 Q200 500 420 540 T900 520 T1200 540 V800 H0Z" fill="#9db7a5" opacity="0.7"/>`);
  // Building
  const bx = [280, 300, 180][v]!;
  const bw = [640, 600, 840][v]!;
  const top = [120, 100, 250][v]!;
  body.push(`<rect x="${bx + 12}" y="${top + 10}" width="${bw}" height="${700 - top}" fill="#000" opacity="0.12"/>`);
  body.push(`<rect x="${bx}" y="${top}" width="${bw}" height="${700 - top}" fill="url(#${p}-wall)"/>`);
  body.push(`<rect x="${bx - 10}" y="${top - 18}" width="${bw + 20}" height="22" fill="${accent}"/>`);
  const cols = [6, 5, 8][v]!;
  const rows = [7, 8, 4][v]!;
  const cw = bw / cols;
  const rh = (560 - top) / rows;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const wx = bx + c * cw + 16;
      const wy = top + 20 + r * rh;
      const ww = cw - 32;
      const wh = rh - 28;
      const lit = night ? rand() < 0.7 : false;
      body.push(
        `<rect x="${r1(wx)}" y="${r1(wy)}" width="${r1(ww)}" height="${r1(wh)}" fill="${lit ? `url(#${p}-glass)` : night ? '#2c3557' : `url(#${p}-glass)`}"/>`,
      );
      body.push(`<rect x="${r1(wx)}" y="${r1(wy)}" width="${r1(ww * 0.35)}" height="${r1(wh)}" fill="#fff" opacity="0.15"/>`);
      // Balcony slab and railing
      body.push(`<rect x="${r1(wx - 8)}" y="${r1(wy + wh)}" width="${r1(ww + 16)}" height="8" fill="${walls}"/>`);
      body.push(`<rect x="${r1(wx - 8)}" y="${r1(wy + wh - 22)}" width="${r1(ww + 16)}" height="22" fill="${accent}" opacity="0.35"/>`);
      body.push(`<rect x="${r1(wx - 8)}" y="${r1(wy + wh - 24)}" width="${r1(ww + 16)}" height="3" fill="#5d5d5d"/>`);
    }
  }
  // Entrance
  body.push(`<rect x="${bx}" y="560" width="${bw}" height="140" fill="#d9cfc0"/>`);
  const door = bx + bw / 2 - 100;
  if (v === 2) {
    // A low resort building gets a terracotta roof.
    body.push(`<path d="M${bx - 30} ${top - 16} L${bx + 60} ${top - 90} H${bx + bw - 60} L${bx + bw + 30} ${top - 16}Z" fill="#c0663f"/>`);
    body.push(`<path d="M${bx - 30} ${top - 16} L${bx + 60} ${top - 90} H${bx + bw - 60} L${bx + bw + 30} ${top - 16}Z" fill="#000" opacity="0.08"/>`);
  }
  body.push(`<rect x="${door}" y="590" width="200" height="110" fill="url(#${p}-glass)"/>`);
  body.push(`<path d="M${door - 40} 590 H${door + 240} L${door + 220} 566 H${door - 20}Z" fill="${accent}"/>`);
  body.push(`<rect x="${door + 40}" y="574" width="120" height="10" rx="5" fill="#fff" opacity="0.85"/>`);
  // Street
  body.push(`<rect y="700" width="1200" height="100" fill="#b9b2a7"/>`);
  body.push(`<rect y="700" width="1200" height="10" fill="#d6d0c6"/>`);
  body.push(`<rect y="760" width="1200" height="40" fill="#6d6a66"/>`);
  for (let i = 0; i < 8; i++) body.push(`<rect x="${i * 160 + 30}" y="778" width="80" height="5" fill="#eee" opacity="0.7"/>`);
  body.push(palm(150, 720, 420, 30, '#8a6a4a', night ? '#2f5d3a' : '#3f8a4c'));
  body.push(palm(1050, 720, 380, -36, '#8a6a4a', night ? '#2f5d3a' : '#4b9a55'));
  body.push(palm(1160, 730, 300, -20, '#7b5d41', night ? '#2a5234' : '#377a43'));
  body.push(plant(bx + 150, 700, 70, '#8d6e63', '#4c8c4a', rand));
  body.push(plant(bx + 490, 700, 70, '#8d6e63', '#4c8c4a', rand));
  return { defs, body };
};

const hotelPool: SceneFn = (p, v, rand) => {
  const sky = skies[[0, 2, 1][v]!]!;
  const water = [
    ['#7fe0e6', '#1fa2c4'],
    ['#8cefe0', '#15a3a0'],
    ['#6fc3e8', '#205d9e'],
  ][v]!;
  const deck = ['#eadbc4', '#f1e6d6', '#d9c3a5'][v]!;
  const umbrella = ['#f4f1ea', '#e76f51', '#2a9d8f'][v]!;
  const defs = [
    ...skyDefs(p, sky),
    sunDef(p, sky),
    linear(`${p}-water`, [
      [0, water[0]!],
      [1, water[1]!],
    ]),
  ];
  const body: string[] = [skyAndSun(p, v === 2 ? { x: 200, y: 300, r: 55 } : { x: 240, y: 120, r: 44 }, 800)];
  body.push(clouds(rand, 3, 50, 200, 0.75));
  // Hotel behind
  body.push(`<rect x="520" y="150" width="620" height="300" fill="#f3ede3"/>`);
  body.push(`<rect x="520" y="150" width="620" height="300" fill="#000" opacity="0.04"/>`);
  for (let r = 0; r < 5; r++) {
    for (let c = 0; c < 9; c++) {
      body.push(`<rect x="${540 + c * 66}" y="${168 + r * 56}" width="46" height="36" fill="#5d8fb3" opacity="0.75"/>`);
      body.push(`<rect x="${536 + c * 66}" y="${204 + r * 56}" width="54" height="6" fill="#d8cfc2"/>`);
    }
  }
  body.push(`<rect x="0" y="330" width="540" height="120" fill="#7fa86f"/>`);
  body.push(`<path d="M0 360 Q120 300 240 350 T520 330 V450 H0Z" fill="#5f8f55"/>`);
  // Deck
  body.push(`<rect y="450" width="1200" height="350" fill="${deck}"/>`);
  for (let i = 0; i < 14; i++) {
    body.push(`<line x1="${i * 100 - 100}" y1="800" x2="${600 + (i * 100 - 700) * 0.35}" y2="450" stroke="#000" stroke-opacity="0.05" stroke-width="2"/>`);
  }
  // Pool
  body.push(`<path d="M260 500 H980 L1120 740 H110Z" fill="#e9f6f7"/>`);
  body.push(`<path d="M280 512 H960 L1090 728 H140Z" fill="url(#${p}-water)"/>`);
  for (let i = 0; i < 9; i++) {
    const y = 540 + i * 22;
    const x0 = 270 - i * 16;
    body.push(
      `<path d="M${x0} ${y} q30 -8 60 0 t60 0 t60 0 t60 0 t60 0 t60 0 t60 0 t60 0 t60 0 t60 0 t60 0 t60 0" stroke="#fff" stroke-opacity="${0.35 - i * 0.025}" stroke-width="3" fill="none"/>`,
    );
  }
  body.push(`<path d="M280 512 H960 L968 526 H272Z" fill="#000" opacity="0.1"/>`);
  // Loungers
  for (let i = 0; i < 4; i++) {
    const lx = 60 + i * 70;
    const ly = 600 + i * 40;
    body.push(`<ellipse cx="${lx + 60}" cy="${ly + 52}" rx="90" ry="10" fill="#000" opacity="0.12"/>`);
    body.push(`<path d="M${lx} ${ly + 20} H${lx + 120} L${lx + 150} ${ly - 30} L${lx + 138} ${ly - 34} L${lx + 112} ${ly + 8} H${lx}Z" fill="#fafafa"/>`);
    body.push(`<rect x="${lx + 6}" y="${ly + 20}" width="8" height="30" fill="#9e9e9e"/><rect x="${lx + 106}" y="${ly + 20}" width="8" height="30" fill="#9e9e9e"/>`);
    body.push(`<path d="M${lx + 10} ${ly + 8} H${lx + 100} L${lx + 104} ${ly + 18} H${lx + 8}Z" fill="${umbrella}" opacity="0.85"/>`);
  }
  // Umbrellas
  for (const [ux, uy, s] of [
    [150, 560, 1],
    [1080, 600, 1.1],
  ] as const) {
    body.push(`<rect x="${ux - 4}" y="${uy - 150 * s}" width="8" height="${150 * s}" fill="#8d6e63"/>`);
    body.push(`<path d="M${ux - 110 * s} ${uy - 140 * s} Q${ux} ${uy - 230 * s} ${ux + 110 * s} ${uy - 140 * s}Z" fill="${umbrella}"/>`);
    body.push(`<path d="M${ux - 110 * s} ${uy - 140 * s} Q${ux - 30 * s} ${uy - 225 * s} ${ux} ${uy - 205 * s} L${ux} ${uy - 140 * s}Z" fill="#000" opacity="0.08"/>`);
  }
  body.push(palm(40, 470, 360, 40, '#8a6a4a', '#3f8a4c'));
  body.push(palm(1150, 480, 330, -30, '#8a6a4a', '#4b9a55'));
  body.push(plant(1000, 500, 60, '#c97b5b', '#4c8c4a', rand));
  return { defs, body };
};

interface Interior {
  wall: string;
  wallShade: string;
  floor: [string, string];
  accent: string;
  accent2: string;
  fabric: string;
  wood: string;
}

const interiors: Interior[] = [
  { wall: '#efe6da', wallShade: '#dccfbd', floor: ['#c89b6d', '#a8774b'], accent: '#2f6f73', accent2: '#e9a23b', fabric: '#f7f4ee', wood: '#8b5e3c' },
  { wall: '#dfe8e4', wallShade: '#c6d4ce', floor: ['#d8b98f', '#b8935f'], accent: '#c8553d', accent2: '#f2c14e', fabric: '#fbfaf7', wood: '#a0704a' },
  { wall: '#f3ede4', wallShade: '#e3d5c4', floor: ['#9c7250', '#7a5538'], accent: '#3d5a80', accent2: '#98c1d9', fabric: '#f1ede6', wood: '#5d4030' },
];

function interiorDefs(p: string, it: Interior, v: number): string[] {
  return [
    ...commonDefs,
    ...skyDefs(p, skies[v === 1 ? 2 : v]!),
    linear(`${p}-wall`, [
      [0, it.wall],
      [1, it.wallShade],
    ]),
    linear(`${p}-floor`, [
      [0, it.floor[0]],
      [1, it.floor[1]],
    ]),
    linear(`${p}-sea`, [
      [0, '#4ba3c7'],
      [1, '#1d5f8a'],
    ]),
    radial(`${p}-light`, [
      [0, '#ffffff', 0.35],
      [1, '#ffffff', 0],
    ]),
  ];
}

const bedroom: SceneFn = (p, v, rand) => {
  const it = interiors[v]!;
  const defs = interiorDefs(p, it, v);
  const body: string[] = [`<rect width="1200" height="600" fill="url(#${p}-wall)"/>`];
  body.push(windowView(p, 70, 130, 230, 330, (['sea', 'city', 'hills'] as const)[v]!, '#ffffff'));
  body.push(`<rect x="30" y="100" width="310" height="8" rx="4" fill="#7a6a5a"/>`);
  body.push(curtain(40, 104, 56, 420, it.fabric));
  body.push(curtain(276, 104, 56, 420, it.fabric));
  body.push(`<ellipse cx="185" cy="560" rx="260" ry="60" fill="url(#${p}-light)"/>`);
  body.push(woodFloor(p, 600, it.floor[0], rand));
  body.push(`<rect y="588" width="1200" height="14" fill="#fff" opacity="0.6"/>`);
  body.push(`<path d="M250 800 L330 680 H1060 L1150 800Z" fill="${it.accent2}" opacity="0.35"/>`);
  // Headboard and art
  body.push(framedArt(560, 150, 260, 170, [it.accent2, it.accent, '#a7c4a0', '#f4e3c3'], it.wood));
  body.push(`<rect x="440" y="350" width="500" height="200" rx="18" fill="${it.accent}"/>`);
  for (let i = 0; i < 6; i++) body.push(`<rect x="${458 + i * 80}" y="366" width="64" height="170" rx="14" fill="#000" opacity="0.07"/>`);
  // Mattress, pillows, duvet
  body.push(`<ellipse cx="690" cy="742" rx="330" ry="26" fill="#000" opacity="0.18"/>`);
  body.push(`<rect x="420" y="480" width="540" height="70" rx="14" fill="#ffffff"/>`);
  body.push(`<rect x="468" y="430" width="200" height="80" rx="30" fill="${it.fabric}" stroke="#000" stroke-opacity="0.06" stroke-width="3"/>`);
  body.push(`<rect x="712" y="430" width="200" height="80" rx="30" fill="${it.fabric}" stroke="#000" stroke-opacity="0.06" stroke-width="3"/>`);
  body.push(`<rect x="600" y="462" width="180" height="60" rx="22" fill="${it.accent2}"/>`);
  body.push(`<path d="M410 520 H970 L1000 720 Q690 745 380 720Z" fill="${it.fabric}"/>`);
  body.push(`<path d="M410 520 H970 L975 560 H405Z" fill="#000" opacity="0.05"/>`);
  body.push(`<path d="M392 620 H988 L1000 720 Q690 745 380 720Z" fill="${it.accent}" opacity="0.9"/>`);
  body.push(`<path d="M392 620 H988 L990 636 H390Z" fill="#fff" opacity="0.2"/>`);
  body.push(`<rect x="390" y="720" width="16" height="40" fill="${it.wood}"/><rect x="974" y="720" width="16" height="40" fill="${it.wood}"/>`);
  // Nightstands and lamps
  for (const nx of [330, 990]) {
    body.push(`<rect x="${nx - 60}" y="520" width="120" height="130" rx="6" fill="${it.wood}"/>`);
    body.push(`<rect x="${nx - 52}" y="548" width="104" height="44" rx="4" fill="#000" opacity="0.12"/>`);
    body.push(`<rect x="${nx - 10}" y="566" width="20" height="5" rx="2" fill="#e8d6a0"/>`);
    body.push(`<rect x="${nx - 54}" y="650" width="10" height="24" fill="${it.wood}"/><rect x="${nx + 44}" y="650" width="10" height="24" fill="${it.wood}"/>`);
    body.push(lamp(nx, 520, it.fabric, true));
  }
  body.push(plant(1110, 680, 150, '#d9cbb5', '#4f8a52', rand));
  return { defs, body };
};

const livingRoom: SceneFn = (p, v, rand) => {
  const it = interiors[(v + 1) % 3]!;
  const defs = interiorDefs(p, it, v);
  const body: string[] = [`<rect width="1200" height="610" fill="url(#${p}-wall)"/>`];
  // Glass doors
  body.push(windowView(p, 820, 90, 300, 420, (['city', 'sea', 'hills'] as const)[v]!, '#f8f8f8'));
  body.push(`<ellipse cx="900" cy="640" rx="300" ry="70" fill="url(#${p}-light)"/>`);
  body.push(woodFloor(p, 610, it.floor[0], rand));
  body.push(`<rect y="598" width="1200" height="14" fill="#fff" opacity="0.6"/>`);
  // Shelves with books
  body.push(`<rect x="80" y="150" width="260" height="12" fill="${it.wood}"/><rect x="80" y="260" width="260" height="12" fill="${it.wood}"/>`);
  const bookColors = [it.accent, it.accent2, '#d9c7a7', '#6d8b74', '#b56b45', '#394a59'];
  for (const shelfY of [150, 260]) {
    let x = 92;
    while (x < 300) {
      const w = 12 + Math.floor(rand() * 12);
      const h = 50 + Math.floor(rand() * 36);
      body.push(`<rect x="${x}" y="${shelfY - h}" width="${w}" height="${h}" fill="${bookColors[Math.floor(rand() * bookColors.length)]!}"/>`);
      x += w + 2;
    }
    body.push(`<circle cx="320" cy="${shelfY - 22}" r="20" fill="#e8e1d4"/>`);
  }
  body.push(framedArt(420, 160, 300, 200, [it.accent2, it.accent, '#9fb8ad', '#f3dfc1'], '#2f2f2f'));
  // Sofa
  body.push(`<ellipse cx="560" cy="660" rx="360" ry="24" fill="#000" opacity="0.18"/>`);
  body.push(`<rect x="230" y="410" width="660" height="160" rx="30" fill="${it.accent}"/>`);
  body.push(`<rect x="230" y="410" width="660" height="60" rx="30" fill="#fff" opacity="0.06"/>`);
  body.push(`<rect x="250" y="520" width="620" height="100" rx="22" fill="${it.accent}"/>`);
  body.push(`<rect x="260" y="520" width="300" height="40" rx="16" fill="#fff" opacity="0.1"/><rect x="564" y="520" width="296" height="40" rx="16" fill="#fff" opacity="0.1"/>`);
  body.push(`<rect x="190" y="470" width="90" height="170" rx="30" fill="${it.accent}"/><rect x="840" y="470" width="90" height="170" rx="30" fill="${it.accent}"/>`);
  body.push(`<rect x="190" y="470" width="90" height="170" rx="30" fill="#000" opacity="0.1"/><rect x="840" y="470" width="90" height="170" rx="30" fill="#000" opacity="0.1"/>`);
  body.push(`<rect x="300" y="440" width="120" height="100" rx="20" fill="${it.accent2}" transform="rotate(-8 360 490)"/>`);
  body.push(`<rect x="700" y="440" width="120" height="100" rx="20" fill="${it.fabric}" transform="rotate(7 760 490)"/>`);
  body.push(`<rect x="260" y="620" width="14" height="30" fill="#3a2f28"/><rect x="846" y="620" width="14" height="30" fill="#3a2f28"/>`);
  // Rug and coffee table
  body.push(`<path d="M150 800 L260 690 H900 L1040 800Z" fill="${it.fabric}" opacity="0.85"/>`);
  body.push(`<path d="M190 800 L280 708 H880 L990 800" fill="none" stroke="${it.accent2}" stroke-width="6" opacity="0.6"/>`);
  body.push(`<ellipse cx="580" cy="765" rx="210" ry="18" fill="#000" opacity="0.15"/>`);
  body.push(`<rect x="400" y="690" width="360" height="26" rx="8" fill="${it.wood}"/>`);
  body.push(`<rect x="420" y="716" width="14" height="50" fill="${it.wood}"/><rect x="726" y="716" width="14" height="50" fill="${it.wood}"/>`);
  body.push(`<rect x="470" y="672" width="90" height="18" rx="3" fill="${it.accent2}"/><rect x="480" y="660" width="70" height="12" rx="3" fill="#e9e2d6"/>`);
  body.push(`<path d="M640 690 q0 -30 24 -30 h24 q24 0 24 30z" fill="#f5f1ea"/><circle cx="676" cy="652" r="14" fill="#e4a95a"/><circle cx="694" cy="656" r="12" fill="#c8553d"/>`);
  // Floor lamp
  body.push(`<path d="M120 660 V300 Q120 240 190 230" stroke="#2f2f2f" stroke-width="8" fill="none"/>`);
  body.push(`<ellipse cx="120" cy="662" rx="34" ry="8" fill="#2f2f2f"/>`);
  body.push(`<ellipse cx="205" cy="330" rx="90" ry="80" fill="url(#lamp-glow)"/>`);
  body.push(`<path d="M160 240 H240 L225 200 H175Z" fill="${it.accent2}"/>`);
  body.push(plant(1000, 700, 210, '#e9e1d2', '#3f7d4a', rand));
  return { defs, body };
};

const kitchen: SceneFn = (p, v, rand) => {
  const it = interiors[(v + 2) % 3]!;
  const cabinet = ['#f7f6f2', '#5c7c6b', '#2f3e4e'][v]!;
  const counter = ['#d9d4cc', '#f2efe9', '#e7e2da'][v]!;
  const defs = [
    ...interiorDefs(p, it, v),
    `<pattern id="${p}-tiles" width="40" height="24" patternUnits="userSpaceOnUse"><rect width="40" height="24" fill="${['#e6f0f1', '#f3ece2', '#dfe6ee'][v]!}"/><path d="M0 0.5 H40 M0 12.5 H40 M0.5 0 V12 M20.5 12 V24" stroke="#000" stroke-opacity="0.1"/></pattern>`,
  ];
  const body: string[] = [`<rect width="1200" height="620" fill="url(#${p}-wall)"/>`];
  body.push(`<rect x="60" y="290" width="1080" height="150" fill="url(#${p}-tiles)"/>`);
  body.push(windowView(p, 470, 150, 260, 230, (['hills', 'city', 'sea'] as const)[v]!, '#fafafa'));
  // Upper cabinets
  for (const [x, w] of [
    [60, 380],
    [760, 380],
  ] as const) {
    body.push(`<rect x="${x}" y="90" width="${w}" height="200" fill="${cabinet}"/>`);
    const n = 3;
    for (let i = 0; i < n; i++) {
      const dx = x + (w / n) * i;
      body.push(`<rect x="${r1(dx + 6)}" y="96" width="${r1(w / n - 12)}" height="188" fill="none" stroke="#000" stroke-opacity="0.12" stroke-width="2"/>`);
      body.push(`<rect x="${r1(dx + w / n / 2 - 2)}" y="250" width="4" height="24" rx="2" fill="#b8a27a"/>`);
    }
    body.push(`<rect x="${x}" y="284" width="${w}" height="8" fill="#000" opacity="0.1"/>`);
  }
  // Counter and lower cabinets
  body.push(`<rect x="40" y="430" width="1120" height="22" fill="${counter}"/>`);
  body.push(`<rect x="40" y="452" width="1120" height="6" fill="#000" opacity="0.12"/>`);
  body.push(`<rect x="60" y="458" width="1080" height="162" fill="${cabinet}"/>`);
  for (let i = 0; i < 8; i++) {
    body.push(`<rect x="${66 + i * 135}" y="466" width="123" height="146" fill="none" stroke="#000" stroke-opacity="0.12" stroke-width="2"/>`);
    body.push(`<rect x="${110 + i * 135}" y="480" width="36" height="4" rx="2" fill="#b8a27a"/>`);
  }
  // Sink, faucet, items on counter
  body.push(`<rect x="540" y="424" width="120" height="8" rx="3" fill="#9aa3a8"/>`);
  body.push(`<path d="M600 424 V390 Q600 370 620 370 H630" stroke="#9aa3a8" stroke-width="7" fill="none"/>`);
  body.push(`<rect x="160" y="392" width="18" height="40" rx="4" fill="${it.accent}"/><rect x="184" y="400" width="18" height="32" rx="4" fill="${it.accent2}"/>`);
  body.push(`<rect x="260" y="380" width="90" height="52" rx="6" fill="${it.wood}"/>`);
  body.push(`<path d="M880 432 q0 -36 40 -36 t40 36z" fill="#f1ece4"/><circle cx="905" cy="398" r="14" fill="#f2a541"/><circle cx="930" cy="394" r="13" fill="#7fb069"/><circle cx="950" cy="402" r="12" fill="#e4572e"/>`);
  body.push(plant(1060, 430, 90, '#d8c8b0', '#4f8a52', rand));
  // Pendant lights
  for (const lx of [400, 600, 800]) {
    body.push(`<line x1="${lx}" y1="0" x2="${lx}" y2="120" stroke="#333" stroke-width="3"/>`);
    body.push(`<ellipse cx="${lx}" cy="170" rx="70" ry="40" fill="url(#lamp-glow)"/>`);
    body.push(`<path d="M${lx - 34} 152 Q${lx - 34} 118 ${lx} 118 Q${lx + 34} 118 ${lx + 34} 152Z" fill="${it.accent2}"/>`);
  }
  body.push(woodFloor(p, 620, it.floor[0], rand));
  // Island with stools
  body.push(`<ellipse cx="600" cy="790" rx="420" ry="20" fill="#000" opacity="0.2"/>`);
  body.push(`<rect x="210" y="600" width="780" height="28" fill="${counter}"/>`);
  body.push(`<rect x="230" y="628" width="740" height="172" fill="${it.wood}"/>`);
  for (let i = 0; i < 6; i++) body.push(`<rect x="${232 + i * 123}" y="628" width="4" height="172" fill="#000" opacity="0.12"/>`);
  for (const sx of [330, 600, 870]) {
    body.push(`<rect x="${sx - 40}" y="640" width="80" height="16" rx="8" fill="${it.accent}"/>`);
    body.push(`<path d="M${sx - 30} 656 L${sx - 40} 800 M${sx + 30} 656 L${sx + 40} 800" stroke="#2e2e2e" stroke-width="6"/>`);
  }
  body.push(`<path d="M560 600 q0 -40 50 -40 t50 40z" fill="#ffffff"/><circle cx="590" cy="566" r="12" fill="#f7c548"/><circle cx="620" cy="562" r="13" fill="#f2a541"/>`);
  return { defs, body };
};

const bathroom: SceneFn = (p, v, rand) => {
  const it = interiors[v]!;
  const tile = ['#e9f1f2', '#f4efe8', '#e4e8ee'][v]!;
  const vanity = ['#8b5e3c', '#3d5a80', '#f5f3ef'][v]!;
  const defs = [
    ...interiorDefs(p, it, v),
    `<pattern id="${p}-tiles" width="60" height="60" patternUnits="userSpaceOnUse"><rect width="60" height="60" fill="${tile}"/><path d="M0 0.5 H60 M0.5 0 V60" stroke="#000" stroke-opacity="0.09"/></pattern>`,
    linear(`${p}-mirror`, [
      [0, '#e6f0f5'],
      [1, '#b8c9d4'],
    ], 1, 1),
    linear(`${p}-glassp`, [
      [0, '#ffffff', 0.35],
      [1, '#bfe3ee', 0.15],
    ], 1, 0),
  ];
  const body: string[] = [`<rect width="1200" height="800" fill="url(#${p}-tiles)"/>`];
  body.push(`<rect y="640" width="1200" height="160" fill="${['#d5dcdd', '#d9cfc2', '#c9ced6'][v]!}"/>`);
  body.push(`<rect y="636" width="1200" height="6" fill="#000" opacity="0.08"/>`);
  // Shower
  body.push(`<rect x="820" y="120" width="300" height="520" fill="${tile}"/>`);
  body.push(`<rect x="820" y="120" width="300" height="520" fill="#000" opacity="0.05"/>`);
  body.push(`<path d="M1010 160 V200 H960" stroke="#a0a7ad" stroke-width="8" fill="none"/><ellipse cx="950" cy="210" rx="34" ry="10" fill="#a0a7ad"/>`);
  for (let i = 0; i < 10; i++) body.push(`<line x1="${926 + i * 5}" y1="222" x2="${910 + i * 8}" y2="360" stroke="#cfe9f2" stroke-width="2" opacity="0.6"/>`);
  body.push(`<rect x="810" y="110" width="12" height="540" fill="#a0a7ad"/>`);
  body.push(`<rect x="822" y="110" width="300" height="530" fill="url(#${p}-glassp)"/>`);
  body.push(`<path d="M860 110 L980 110 L860 400Z" fill="#fff" opacity="0.12"/>`);
  // Mirror
  body.push(`<circle cx="420" cy="260" r="150" fill="#c9a66b"/>`);
  body.push(`<circle cx="420" cy="260" r="138" fill="url(#${p}-mirror)"/>`);
  body.push(`<path d="M340 170 L470 150 L330 320Z" fill="#fff" opacity="0.35"/>`);
  // Wall lights
  for (const lx of [220, 620]) {
    body.push(`<ellipse cx="${lx}" cy="250" rx="60" ry="70" fill="url(#lamp-glow)"/>`);
    body.push(`<rect x="${lx - 12}" y="210" width="24" height="70" rx="12" fill="#fff7e0"/>`);
  }
  // Vanity and sink
  body.push(`<ellipse cx="420" cy="650" rx="270" ry="14" fill="#000" opacity="0.12"/>`);
  body.push(`<rect x="160" y="440" width="520" height="26" rx="4" fill="#f5f3ef"/>`);
  body.push(`<rect x="170" y="466" width="500" height="150" fill="${vanity}"/>`);
  body.push(`<rect x="180" y="478" width="235" height="126" fill="none" stroke="#000" stroke-opacity="0.15" stroke-width="2"/><rect x="425" y="478" width="235" height="126" fill="none" stroke="#000" stroke-opacity="0.15" stroke-width="2"/>`);
  body.push(`<rect x="385" y="520" width="10" height="30" rx="4" fill="#c9a66b"/><rect x="445" y="520" width="10" height="30" rx="4" fill="#c9a66b"/>`);
  body.push(`<ellipse cx="420" cy="440" rx="110" ry="22" fill="#ffffff"/><ellipse cx="420" cy="436" rx="92" ry="14" fill="#e3e8ea"/>`);
  body.push(`<path d="M420 420 V386 Q420 372 436 372 H446" stroke="#c9a66b" stroke-width="7" fill="none"/>`);
  body.push(`<rect x="230" y="400" width="22" height="40" rx="6" fill="${it.accent}"/><rect x="258" y="410" width="20" height="30" rx="6" fill="${it.accent2}"/>`);
  // Towels
  body.push(`<rect x="690" y="330" width="100" height="6" rx="3" fill="#a0a7ad"/>`);
  body.push(`<rect x="700" y="334" width="80" height="170" rx="6" fill="${it.accent2}"/><rect x="700" y="470" width="80" height="10" fill="#fff" opacity="0.5"/>`);
  body.push(plant(110, 640, 150, '#f1ede6', '#4c8c4a', rand));
  body.push(`<rect x="480" y="690" width="260" height="80" rx="30" fill="${it.fabric}"/>`);
  return { defs, body };
};

const balcony: SceneFn = (p, v, rand) => {
  const sky = skies[v]!;
  const defs = [
    ...skyDefs(p, sky),
    sunDef(p, sky),
    linear(`${p}-sea`, v === 1
      ? [
          [0, '#e89a7a'],
          [0.3, '#7a6f9b'],
          [1, '#2b3c6b'],
        ]
      : [
          [0, '#6cc3d8'],
          [1, '#1b6a97'],
        ]),
    linear(`${p}-floor`, [
      [0, ['#e8dccb', '#d9c6ae', '#efe7dc'][v]!],
      [1, ['#c9b69b', '#b39a7c', '#d2c3b0'][v]!],
    ]),
    linear(`${p}-glassp`, [
      [0, '#ffffff', 0.28],
      [1, '#bfe3ee', 0.12],
    ]),
  ];
  const body: string[] = [skyAndSun(p, v === 1 ? { x: 760, y: 372, r: 50 } : { x: 860, y: 150, r: 42 }, 400)];
  body.push(clouds(rand, 4, 60, 250, v === 1 ? 0.35 : 0.85));
  body.push(`<rect y="398" width="1200" height="402" fill="url(#${p}-sea)"/>`);
  body.push(`<path d="M0 400 Q80 384 160 392 T300 390 L320 400Z" fill="#6c7f8f" opacity="0.55"/>`);
  const sunX = v === 1 ? 760 : 860;
  for (let i = 0; i < 12; i++) {
    const y = 410 + i * 18;
    const w = 20 + i * 14;
    body.push(`<rect x="${sunX - w / 2 + (rand() - 0.5) * 30}" y="${y}" width="${w}" height="4" rx="2" fill="#fff" opacity="${0.55 - i * 0.035}"/>`);
  }
  // Sailboat
  body.push(`<path d="M330 452 h60 l-10 12 h-40z" fill="#fff"/><path d="M358 450 V392 L392 446Z" fill="#fff"/>`);
  // Floor
  body.push(`<path d="M0 640 H1200 V800 H0Z" fill="url(#${p}-floor)"/>`);
  for (let i = 0; i < 15; i++) body.push(`<line x1="${i * 90 - 30}" y1="640" x2="${(i * 90 - 630) * 1.6 + 600}" y2="800" stroke="#000" stroke-opacity="0.08" stroke-width="2"/>`);
  body.push(`<line x1="0" y1="700" x2="1200" y2="700" stroke="#000" stroke-opacity="0.08" stroke-width="2"/>`);
  // Railing: glass panels with a rail
  body.push(`<rect y="470" width="1200" height="170" fill="url(#${p}-glassp)"/>`);
  for (let x = 0; x <= 1200; x += 240) body.push(`<rect x="${x - 4}" y="470" width="8" height="170" fill="#8c9196"/>`);
  body.push(`<rect y="460" width="1200" height="14" rx="4" fill="#9aa0a6"/>`);
  body.push(`<rect y="630" width="1200" height="12" fill="#c1b6a6"/>`);
  // Table and chairs
  const wood = ['#8b5e3c', '#4a4a4a', '#a47148'][v]!;
  const cushion = ['#f4a259', '#5b8e7d', '#e63946'][v]!;
  body.push(`<ellipse cx="600" cy="770" rx="280" ry="16" fill="#000" opacity="0.18"/>`);
  body.push(`<ellipse cx="600" cy="640" rx="110" ry="20" fill="${wood}"/><rect x="592" y="650" width="16" height="120" fill="${wood}"/><ellipse cx="600" cy="772" rx="50" ry="8" fill="${wood}"/>`);
  body.push(`<path d="M560 630 q0 -22 14 -22 h20 q14 0 14 22z" fill="#fff"/><path d="M612 626 q0 -18 12 -18 h16 q12 0 12 18z" fill="#fff"/>`);
  body.push(`<rect x="640" y="560" width="10" height="64" fill="#dfe7ea" opacity="0.7"/><path d="M645 560 q-20 -30 0 -50 q20 20 0 50" fill="${cushion}" opacity="0.8"/>`);
  for (const [cx, dir] of [
    [400, 1],
    [800, -1],
  ] as const) {
    body.push(`<path d="M${cx - 70} 560 H${cx + 70} V650 H${cx - 70}Z" fill="${wood}"/>`);
    body.push(`<rect x="${cx - 64}" y="572" width="128" height="60" rx="12" fill="${cushion}"/>`);
    body.push(`<rect x="${cx - 80}" y="650" width="160" height="40" rx="10" fill="${cushion}"/>`);
    body.push(`<path d="M${cx - 76} 690 V780 M${cx + 76} 690 V780" stroke="${wood}" stroke-width="10"/>`);
    void dir;
  }
  // Bougainvillea in the corner and plants
  body.push(`<path d="M0 0 Q120 40 160 160 Q60 140 0 200Z" fill="#3f7d3a"/>`);
  for (let i = 0; i < 60; i++) {
    const a = rand() * Math.PI * 0.5;
    const d = 40 + rand() * 190;
    body.push(`<circle cx="${r1(Math.cos(a) * d)}" cy="${r1(Math.sin(a) * d * 0.9)}" r="${r1(6 + rand() * 10)}" fill="${rand() < 0.7 ? '#d6336c' : '#f06595'}" opacity="0.9"/>`);
  }
  body.push(plant(100, 790, 230, '#c97b5b', '#3f7d4a', rand));
  body.push(plant(1100, 790, 200, '#e2d6c2', '#4c8c4a', rand));
  return { defs, body };
};

const skyline: SceneFn = (p, v, rand) => {
  const sky = skies[[1, 0, 2][v]!]!;
  const dusk = v === 0;
  const tower = dusk ? ['#3b3f63', '#474b73', '#2f3354'] : ['#aab8c8', '#c4cfdb', '#93a4b7'];
  const defs = [
    ...skyDefs(p, sky),
    sunDef(p, sky),
    linear(`${p}-sea`, dusk
      ? [
          [0, '#d98a8a'],
          [0.4, '#5a5a87'],
          [1, '#23294a'],
        ]
      : [
          [0, '#7cc6de'],
          [1, '#1e6f9a'],
        ]),
    linear(`${p}-sand`, [
      [0, '#f1dfb9'],
      [1, '#d9bf8e'],
    ]),
  ];
  const body: string[] = [skyAndSun(p, dusk ? { x: 220, y: 440, r: 60 } : { x: 200, y: 140, r: 42 }, 800)];
  body.push(clouds(rand, 5, 60, 280, dusk ? 0.3 : 0.8));
  // Towers
  let x = 380;
  const buildings: string[] = [];
  let i = 0;
  while (x < 1260) {
    const w = 50 + Math.floor(rand() * 70);
    const h = 120 + Math.floor(rand() * (i % 4 === 1 ? 320 : 200));
    const c = tower[i % 3]!;
    buildings.push(`<rect x="${x}" y="${480 - h}" width="${w}" height="${h}" fill="${c}"/>`);
    buildings.push(`<rect x="${x + w * 0.65}" y="${480 - h}" width="${r1(w * 0.35)}" height="${h}" fill="#000" opacity="0.12"/>`);
    if (i % 5 === 1) buildings.push(`<rect x="${x + w / 2 - 2}" y="${480 - h - 40}" width="4" height="40" fill="${c}"/>`);
    for (let wy = 480 - h + 12; wy < 470; wy += 18) {
      for (let wx = x + 8; wx < x + w - 10; wx += 14) {
        const lit = dusk ? rand() < 0.45 : rand() < 0.2;
        if (lit) buildings.push(`<rect x="${wx}" y="${wy}" width="7" height="9" fill="${dusk ? '#ffd98a' : '#e8f2fb'}" opacity="${dusk ? 0.9 : 0.6}"/>`);
      }
    }
    x += w + 4 + Math.floor(rand() * 12);
    i++;
  }
  body.push(`<path d="M0 480 Q100 440 200 470 T380 470 V480Z" fill="${tower[2]}" opacity="0.6"/>`);
  body.push(buildings.join(''));
  // Old Jaffa on the left: low houses and a tower
  body.push(`<path d="M0 480 V420 H60 V400 H110 V430 H170 V390 H190 V360 H206 V390 H230 V440 H300 V480Z" fill="${dusk ? '#5b4e62' : '#d9c7a4'}"/>`);
  // Sea and reflections
  body.push(`<rect y="480" width="1200" height="200" fill="url(#${p}-sea)"/>`);
  body.push(`<g opacity="0.25" transform="translate(0 960) scale(1 -1)">${buildings.join('')}</g>`);
  for (let k = 0; k < 24; k++) body.push(`<rect x="${r1(rand() * 1200)}" y="${r1(500 + rand() * 170)}" width="${r1(40 + rand() * 90)}" height="3" rx="1.5" fill="#fff" opacity="0.3"/>`);
  // Beach and promenade
  body.push(`<path d="M0 660 Q300 640 600 655 T1200 650 V800 H0Z" fill="url(#${p}-sand)"/>`);
  body.push(`<path d="M0 660 Q300 640 600 655 T1200 650" stroke="#fff" stroke-width="6" fill="none" opacity="0.7"/>`);
  body.push(`<rect y="740" width="1200" height="60" fill="${dusk ? '#6b6470' : '#cdbfa9'}"/>`);
  for (let lx = 60; lx < 1200; lx += 220) {
    body.push(`<rect x="${lx}" y="650" width="5" height="90" fill="#333"/><circle cx="${lx + 2}" cy="648" r="8" fill="${dusk ? '#ffe6a3' : '#f5f5f5'}"/>`);
    if (dusk) body.push(`<circle cx="${lx + 2}" cy="648" r="30" fill="url(#${p}-glow)" opacity="0.6"/>`);
  }
  body.push(palm(960, 745, 230, -20, '#6f5540', dusk ? '#2e4a36' : '#3f8a4c'));
  body.push(palm(1100, 750, 260, 20, '#6f5540', dusk ? '#2e4a36' : '#4b9a55'));
  return { defs, body };
};

const desert: SceneFn = (p, v, rand) => {
  const sky = skies[[0, 1, 2][v]!]!;
  const layers = [
    ['#e8b88a', '#d69a6b', '#c07a50', '#a55d3c', '#8a4a30'],
    ['#c98c7a', '#b26a5d', '#93524a', '#7a3f3a', '#5e302f'],
    ['#f0cf9e', '#e2b57e', '#cd9862', '#b57b4c', '#9a643c'],
  ][v]!;
  const defs = [...skyDefs(p, sky), sunDef(p, sky)];
  const body: string[] = [skyAndSun(p, v === 1 ? { x: 880, y: 330, r: 58 } : { x: 900, y: 150, r: 44 }, 800)];
  body.push(clouds(rand, 2, 80, 200, v === 1 ? 0.2 : 0.55));
  if (v === 2) {
    // Sand dunes with a lit and a shaded side.
    body.push(`<path d="M0 450 L140 420 L260 436 L420 410 L560 430 L700 414 L880 436 L1020 418 L1200 432 V560 H0Z" fill="#c9a27a" opacity="0.55"/>`);
    body.push(`<rect y="500" width="1200" height="300" fill="${layers[0]}"/>`);
    const dunes: [number, number, number, string][] = [
      [-300, 500, 900, layers[0]!],
      [380, 480, 1000, layers[1]!],
      [-200, 580, 1000, layers[2]!],
      [520, 620, 900, layers[3]!],
      [-250, 690, 1100, layers[1]!],
    ];
    for (const [x, y, w, fill] of dunes) {
      const crest = x + w * 0.45;
      const shape = `M${x} 800 V${y + 160} Q${x + w * 0.25} ${y + 10} ${crest} ${y} Q${x + w * 0.7} ${y + 40} ${x + w} ${y + 160} V800Z`;
      body.push(`<path d="${shape}" fill="${fill}"/>`);
      body.push(`<path d="M${crest} ${y} Q${x + w * 0.7} ${y + 40} ${x + w} ${y + 160} V800 H${crest + 90} Q${crest + 30} ${y + 140} ${crest} ${y}Z" fill="#000" opacity="0.12"/>`);
      body.push(`<path d="M${x + w * 0.12} ${y + 110} Q${x + w * 0.25} ${y + 30} ${crest - 10} ${y + 8}" stroke="#fff" stroke-opacity="0.2" stroke-width="3" fill="none"/>`);
    }
    body.push(`<ellipse cx="980" cy="760" rx="46" ry="20" fill="#7d8a45"/><ellipse cx="1000" cy="752" rx="30" ry="16" fill="#8e9b52"/><ellipse cx="985" cy="778" rx="60" ry="8" fill="#000" opacity="0.15"/>`);
    return { defs, body };
  }
  // Far mesas
  body.push(`<path d="M0 420 L90 380 H300 L340 400 H520 L560 370 H760 L800 395 H1000 L1040 375 H1200 V520 H0Z" fill="${layers[0]}" opacity="0.75"/>`);
  body.push(`<path d="M0 470 L120 430 H360 L420 455 H640 L700 430 H900 L960 460 H1200 V560 H0Z" fill="${layers[1]}"/>`);
  for (let i = 0; i < 5; i++) body.push(`<line x1="0" y1="${440 + i * 10}" x2="1200" y2="${445 + i * 10}" stroke="#000" stroke-opacity="0.05" stroke-width="3"/>`);
  // Crater floor
  body.push(`<path d="M0 520 Q300 500 600 515 T1200 510 V640 H0Z" fill="${layers[2]}"/>`);
  body.push(`<path d="M100 560 Q300 540 480 560 T900 555" stroke="#fff" stroke-opacity="0.12" stroke-width="4" fill="none"/>`);
  // Near cliff and foreground
  body.push(`<path d="M0 600 Q200 560 420 590 T820 600 T1200 570 V800 H0Z" fill="${layers[3]}"/>`);
  body.push(`<path d="M0 680 Q260 640 560 690 T1200 660 V800 H0Z" fill="${layers[4]}"/>`);
  for (let i = 0; i < 26; i++) {
    const rx = rand() * 1200;
    const ry = 690 + rand() * 100;
    const s = 6 + rand() * 22;
    body.push(`<ellipse cx="${r1(rx)}" cy="${r1(ry)}" rx="${r1(s)}" ry="${r1(s * 0.55)}" fill="#000" opacity="${r1(0.1 + rand() * 0.15)}"/>`);
  }
  // Acacia tree
  const ax = [230, 880, 300][v]!;
  body.push(`<path d="M${ax} 700 Q${ax + 6} 640 ${ax - 20} 600 M${ax} 660 Q${ax + 20} 620 ${ax + 50} 598" stroke="#4a3527" stroke-width="9" fill="none" stroke-linecap="round"/>`);
  body.push(`<ellipse cx="${ax + 14}" cy="592" rx="110" ry="22" fill="#5f7a3a"/><ellipse cx="${ax - 10}" cy="580" rx="70" ry="16" fill="#6f8b45"/><ellipse cx="${ax + 50}" cy="584" rx="60" ry="14" fill="#587236"/>`);
  body.push(`<ellipse cx="${ax + 10}" cy="706" rx="120" ry="10" fill="#000" opacity="0.18"/>`);
  return { defs, body };
};

const deadSea: SceneFn = (p, v, rand) => {
  const sky = skies[[2, 1, 0][v]!]!;
  const mountains = [
    ['#d8a7a0', '#c08d8c'],
    ['#9a6f8c', '#7d5876'],
    ['#caa38a', '#b08a75'],
  ][v]!;
  const defs = [
    ...skyDefs(p, sky),
    sunDef(p, sky),
    linear(`${p}-water`, [
      [0, ['#9fd8d0', '#c79ab0', '#8fd3d6'][v]!],
      [1, ['#2f8f9d', '#3b5f86', '#1f7a8c'][v]!],
    ]),
  ];
  const body: string[] = [skyAndSun(p, v === 1 ? { x: 600, y: 330, r: 50 } : { x: 620, y: 160, r: 40 }, 800)];
  body.push(clouds(rand, 3, 70, 220, 0.5));
  body.push(`<path d="M0 360 L80 330 L160 345 L260 300 L380 330 L470 310 L600 335 L720 305 L840 330 L960 300 L1080 325 L1200 310 V420 H0Z" fill="${mountains[0]}"/>`);
  body.push(`<path d="M0 390 L120 370 L260 385 L400 360 L560 380 L700 365 L860 384 L1000 362 L1200 378 V420 H0Z" fill="${mountains[1]}" opacity="0.9"/>`);
  body.push(`<rect y="418" width="1200" height="300" fill="url(#${p}-water)"/>`);
  for (let i = 0; i < 20; i++) body.push(`<rect x="${r1(rand() * 1200)}" y="${r1(430 + rand() * 250)}" width="${r1(50 + rand() * 120)}" height="3" rx="1.5" fill="#fff" opacity="0.35"/>`);
  // Salt formations
  for (let i = 0; i < 9; i++) {
    const sx = 60 + i * 130 + rand() * 50;
    const sy = 520 + rand() * 150;
    const s = (20 + rand() * 40) * (0.6 + (sy - 520) / 250);
    const w = s * (2 + rand());
    body.push(`<ellipse cx="${r1(sx)}" cy="${r1(sy + 4)}" rx="${r1(w * 1.15)}" ry="${r1(s * 0.16)}" fill="#ffffff" opacity="0.35"/>`);
    body.push(`<path d="M${r1(sx - w)} ${r1(sy)} Q${r1(sx - w * 0.9)} ${r1(sy - s * 0.35)} ${r1(sx - w * 0.4)} ${r1(sy - s * 0.4)} Q${r1(sx)} ${r1(sy - s * 0.55)} ${r1(sx + w * 0.45)} ${r1(sy - s * 0.38)} Q${r1(sx + w * 0.95)} ${r1(sy - s * 0.3)} ${r1(sx + w)} ${r1(sy)}Z" fill="#f7f5ef"/>`);
    body.push(`<path d="M${r1(sx - w)} ${r1(sy)} H${r1(sx + w)} Q${r1(sx + w * 0.9)} ${r1(sy - s * 0.12)} ${r1(sx + w * 0.5)} ${r1(sy - s * 0.14)} H${r1(sx - w * 0.7)}Z" fill="#c9c3b2" opacity="0.7"/>`);
  }
  // Shore
  body.push(`<path d="M0 700 Q300 680 620 705 T1200 690 V800 H0Z" fill="#eee6d3"/>`);
  body.push(`<path d="M0 700 Q300 680 620 705 T1200 690" stroke="#fff" stroke-width="8" fill="none"/>`);
  body.push(`<path d="M0 740 Q400 720 800 750 T1200 740 V800 H0Z" fill="#d9ccb0"/>`);
  for (let i = 0; i < 30; i++) body.push(`<circle cx="${r1(rand() * 1200)}" cy="${r1(712 + rand() * 80)}" r="${r1(2 + rand() * 5)}" fill="#fff" opacity="0.8"/>`);
  return { defs, body };
};

const jerusalem: SceneFn = (p, v, rand) => {
  const sky = skies[[0, 1, 2][v]!]!;
  const stone = ['#e9d5ab', '#e2b98a', '#eddcb8'][v]!;
  const stoneDark = ['#d4bb8b', '#c99a6c', '#d8c39a'][v]!;
  const shutter = ['#3f7f6f', '#2e6b8a', '#6b8f3f'][v]!;
  const defs = [
    ...skyDefs(p, sky),
    sunDef(p, sky),
    `<pattern id="${p}-stone" width="80" height="36" patternUnits="userSpaceOnUse"><rect width="80" height="36" fill="${stone}"/><path d="M0 0.5 H80 M0 18.5 H80 M0.5 0 V18 M40.5 18 V36" stroke="#8a6a40" stroke-opacity="0.22" stroke-width="1.5"/><rect x="6" y="4" width="20" height="8" fill="#fff" opacity="0.08"/><rect x="48" y="22" width="16" height="8" fill="#000" opacity="0.04"/></pattern>`,
    linear(`${p}-win`, [
      [0, '#8fb4cc'],
      [1, '#44586b'],
    ]),
    linear(`${p}-gold`, [
      [0, '#ffe08a'],
      [1, '#c8952c'],
    ], 1, 0),
  ];
  const body: string[] = [skyAndSun(p, v === 1 ? { x: 1000, y: 360, r: 52 } : { x: 1020, y: 130, r: 40 }, 800)];
  body.push(clouds(rand, 3, 60, 220, v === 1 ? 0.3 : 0.8));
  // Distant hills and the dome
  body.push(`<path d="M0 420 Q200 360 420 390 T820 370 T1200 390 V520 H0Z" fill="${stoneDark}" opacity="0.55"/>`);
  body.push(`<rect x="760" y="300" width="150" height="90" fill="${stone}" opacity="0.9"/>`);
  body.push(`<path d="M770 300 Q835 200 900 300Z" fill="url(#${p}-gold)"/>`);
  body.push(`<rect x="831" y="190" width="8" height="22" fill="#c8952c"/>`);
  // Buildings
  const blocks: [number, number, number, number][] = [
    [0, 320, 300, 480],
    [280, 380, 260, 420],
    [520, 300, 240, 500],
    [740, 420, 200, 380],
    [920, 340, 280, 460],
  ];
  for (const [bx, by, bw, bh] of blocks) {
    body.push(`<rect x="${bx}" y="${by}" width="${bw}" height="${bh}" fill="url(#${p}-stone)"/>`);
    body.push(`<rect x="${bx}" y="${by}" width="${bw}" height="${bh}" fill="#000" opacity="${r1(rand() * 0.08)}"/>`);
    body.push(`<rect x="${bx - 6}" y="${by - 10}" width="${bw + 12}" height="12" fill="${stoneDark}"/>`);
    // Arched windows
    const cols = Math.max(2, Math.floor(bw / 90));
    const gap = bw / cols;
    for (let r = 0; r < 3; r++) {
      const wy = by + 60 + r * 150;
      if (wy + 90 > 800) continue;
      for (let c = 0; c < cols; c++) {
        const wx = bx + gap * c + gap / 2 - 26;
        body.push(`<path d="M${r1(wx)} ${wy + 90} V${wy + 26} Q${r1(wx)} ${wy} ${r1(wx + 26)} ${wy} Q${r1(wx + 52)} ${wy} ${r1(wx + 52)} ${wy + 26} V${wy + 90}Z" fill="url(#${p}-win)"/>`);
        body.push(`<path d="M${r1(wx + 26)} ${wy} V${wy + 90} M${r1(wx)} ${wy + 40} H${r1(wx + 52)}" stroke="${stoneDark}" stroke-width="4"/>`);
        body.push(`<rect x="${r1(wx - 12)}" y="${wy + 20}" width="12" height="70" fill="${shutter}"/><rect x="${r1(wx + 52)}" y="${wy + 20}" width="12" height="70" fill="${shutter}"/>`);
        body.push(`<rect x="${r1(wx - 6)}" y="${wy + 90}" width="64" height="8" fill="${stoneDark}"/>`);
        if (rand() < 0.3) body.push(`<path d="M${r1(wx - 6)} ${wy + 90} h64 v-14 q-32 -14 -64 0z" fill="#d6336c" opacity="0.8"/>`);
      }
    }
  }
  // Steps and street
  body.push(`<rect y="720" width="1200" height="80" fill="${stoneDark}"/>`);
  for (let i = 0; i < 4; i++) body.push(`<rect y="${720 + i * 20}" width="1200" height="3" fill="#000" opacity="0.1"/>`);
  // Cypress trees and an olive tree
  for (const [cx, h] of [
    [250, 330],
    [300, 260],
    [700, 300],
    [1130, 340],
  ] as const) {
    body.push(`<path d="M${cx} ${740 - h} Q${cx + 34} ${740 - h * 0.5} ${cx + 14} 740 H${cx - 14} Q${cx - 34} ${740 - h * 0.5} ${cx} ${740 - h}Z" fill="#2f5d3a"/>`);
    body.push(`<path d="M${cx} ${740 - h} Q${cx + 34} ${740 - h * 0.5} ${cx + 14} 740 H${cx + 2}Z" fill="#000" opacity="0.15"/>`);
  }
  body.push(`<path d="M500 740 Q506 690 490 660 M500 700 Q520 680 540 670" stroke="#5d4a3a" stroke-width="10" fill="none"/>`);
  body.push(`<ellipse cx="500" cy="640" rx="90" ry="46" fill="#7d8f5e"/><ellipse cx="470" cy="630" rx="50" ry="28" fill="#8fa06c"/><ellipse cx="540" cy="648" rx="50" ry="26" fill="#6b7d4f"/>`);
  return { defs, body };
};

const beach: SceneFn = (p, v, rand) => {
  const sky = skies[[0, 2, 1][v]!]!;
  const defs = [
    ...skyDefs(p, sky),
    sunDef(p, sky),
    linear(`${p}-sea`, v === 2
      ? [
          [0, '#d9a0a0'],
          [0.5, '#5f7aa0'],
          [1, '#3b8fa5'],
        ]
      : [
          [0, '#2f86b8'],
          [0.6, '#3fb3c8'],
          [1, '#8ee0d8'],
        ]),
    linear(`${p}-sand`, [
      [0, '#f4e2bd'],
      [1, '#e3c48f'],
    ]),
  ];
  const body: string[] = [skyAndSun(p, v === 2 ? { x: 600, y: 400, r: 56 } : { x: 300, y: 140, r: 42 }, 800)];
  body.push(clouds(rand, 5, 60, 260, v === 2 ? 0.35 : 0.85));
  body.push(`<rect y="400" width="1200" height="220" fill="url(#${p}-sea)"/>`);
  // Distant coast with towers on the right
  body.push(`<path d="M900 400 V380 H930 V360 H955 V385 H990 V340 H1010 V375 H1060 V355 H1090 V385 H1200 V400Z" fill="#8a9bb0" opacity="0.55"/>`);
  for (let i = 0; i < 6; i++) {
    const y = 450 + i * 28;
    body.push(`<path d="M0 ${y} q50 -8 100 0 t100 0 t100 0 t100 0 t100 0 t100 0 t100 0 t100 0 t100 0 t100 0 t100 0 t100 0" stroke="#fff" stroke-opacity="${0.15 + i * 0.05}" stroke-width="3" fill="none"/>`);
  }
  body.push(`<path d="M0 610 Q200 590 420 612 T860 600 T1200 610 V800 H0Z" fill="url(#${p}-sand)"/>`);
  body.push(`<path d="M0 610 Q200 590 420 612 T860 600 T1200 610" stroke="#fff" stroke-width="10" stroke-opacity="0.8" fill="none"/>`);
  body.push(`<path d="M0 624 Q200 606 420 628 T860 616 T1200 626 V640 Q860 630 420 644 T0 640Z" fill="#d7bf8f" opacity="0.6"/>`);
  // Lifeguard tower
  body.push(`<path d="M820 660 L840 520 M940 660 L920 520 M830 600 H930" stroke="#7a5c3e" stroke-width="8"/>`);
  body.push(`<rect x="820" y="460" width="120" height="70" fill="#f4f1ea"/><path d="M806 462 L880 420 L954 462Z" fill="#d9534f"/>`);
  body.push(`<rect x="836" y="478" width="88" height="30" fill="#4a6b85"/>`);
  // Umbrellas and towels
  const colors = [
    ['#e63946', '#f1faee'],
    ['#2a9d8f', '#e9c46a'],
    ['#f4a261', '#264653'],
    ['#457b9d', '#f1faee'],
  ];
  const spots: [number, number, number][] = [
    [150, 700, 1.1],
    [420, 660, 0.85],
    [640, 730, 1.2],
    [1080, 690, 1],
  ];
  spots.forEach(([ux, uy, s], idx) => {
    const [c1, c2] = colors[(idx + v) % colors.length]!;
    body.push(`<ellipse cx="${ux + 20 * s}" cy="${uy + 6}" rx="${100 * s}" ry="${14 * s}" fill="#000" opacity="0.12"/>`);
    body.push(`<rect x="${ux - 60 * s}" y="${uy - 4}" width="${70 * s}" height="${30 * s}" rx="4" fill="${c2}" transform="rotate(-6 ${ux} ${uy})"/>`);
    body.push(`<rect x="${ux - 3}" y="${uy - 170 * s}" width="6" height="${170 * s}" fill="#6d5644"/>`);
    const top = uy - 170 * s;
    body.push(`<path d="M${r1(ux - 95 * s)} ${r1(top + 40 * s)} Q${ux} ${r1(top - 50 * s)} ${r1(ux + 95 * s)} ${r1(top + 40 * s)}Z" fill="${c1}"/>`);
    body.push(`<path d="M${r1(ux - 32 * s)} ${r1(top + 40 * s)} Q${ux} ${r1(top - 48 * s)} ${r1(ux + 32 * s)} ${r1(top + 40 * s)}Z" fill="${c2}"/>`);
  });
  for (let i = 0; i < 40; i++) body.push(`<circle cx="${r1(rand() * 1200)}" cy="${r1(650 + rand() * 150)}" r="1.8" fill="#b8996a" opacity="0.6"/>`);
  body.push(palm(40, 760, 300, 50, '#8a6a4a', '#3f8a4c'));
  return { defs, body };
};

interface SceneInfo {
  scene: PhotoScene;
  draw: SceneFn;
  alt: [en: string, he: string][];
}

const scenes: SceneInfo[] = [
  {
    scene: 'hotel-facade',
    draw: hotelFacade,
    alt: [
      ['Hotel facade with balconies and palm trees', 'חזית המלון עם מרפסות ועצי דקל'],
      ['The hotel lit up at sunset', 'המלון מואר בשקיעה'],
      ['White hotel building on a sunny day', 'בניין המלון הלבן ביום שמשי'],
    ],
  },
  {
    scene: 'hotel-pool',
    draw: hotelPool,
    alt: [
      ['Outdoor pool with sun loungers', 'בריכה חיצונית עם מיטות שיזוף'],
      ['Pool deck with umbrellas and palm trees', 'סיפון הבריכה עם שמשיות ועצי דקל'],
      ['Pool area in the late afternoon', 'אזור הבריכה בשעות אחר הצהריים'],
    ],
  },
  {
    scene: 'bedroom',
    draw: bedroom,
    alt: [
      ['Bedroom with a double bed and sea view', 'חדר שינה עם מיטה זוגית ונוף לים'],
      ['Bright bedroom with city views', 'חדר שינה מואר עם נוף לעיר'],
      ['Cosy bedroom overlooking green hills', 'חדר שינה נעים המשקיף על גבעות ירוקות'],
    ],
  },
  {
    scene: 'living-room',
    draw: livingRoom,
    alt: [
      ['Living room with a sofa and city view', 'סלון עם ספה ונוף לעיר'],
      ['Spacious living room with sea view', 'סלון מרווח עם נוף לים'],
      ['Living room with bookshelves and plants', 'סלון עם מדפי ספרים ועציצים'],
    ],
  },
  {
    scene: 'kitchen',
    draw: kitchen,
    alt: [
      ['Fully equipped kitchen with an island', 'מטבח מאובזר עם אי'],
      ['Kitchen with green cabinets', 'מטבח עם ארונות ירוקים'],
      ['Modern kitchen with a window over the sink', 'מטבח מודרני עם חלון מעל הכיור'],
    ],
  },
  {
    scene: 'bathroom',
    draw: bathroom,
    alt: [
      ['Bathroom with a walk-in shower', 'חדר רחצה עם מקלחון'],
      ['Bathroom with a round mirror', 'חדר רחצה עם מראה עגולה'],
      ['Bright bathroom with a vanity', 'חדר רחצה מואר עם ארון כיור'],
    ],
  },
  {
    scene: 'balcony',
    draw: balcony,
    alt: [
      ['Balcony with a sea view', 'מרפסת עם נוף לים'],
      ['Balcony at sunset over the sea', 'מרפסת בשקיעה מול הים'],
      ['Sunny balcony with bougainvillea', 'מרפסת שטופת שמש עם בוגנוויליה'],
    ],
  },
  {
    scene: 'skyline',
    draw: skyline,
    alt: [
      ['City skyline and the beach at dusk', 'קו הרקיע של העיר והחוף בדמדומים'],
      ['Towers along the seafront', 'מגדלים לאורך חוף הים'],
      ['Seafront promenade on a clear day', 'טיילת חוף הים ביום בהיר'],
    ],
  },
  {
    scene: 'desert',
    draw: desert,
    alt: [
      ['Desert cliffs and an acacia tree', 'מצוקי מדבר ועץ שיטה'],
      ['The desert at sunset', 'המדבר בשקיעה'],
      ['Wide desert crater view', 'נוף רחב של מכתש במדבר'],
    ],
  },
  {
    scene: 'dead-sea',
    draw: deadSea,
    alt: [
      ['Dead Sea shore with salt formations', 'חוף ים המלח עם תצורות מלח'],
      ['The Dead Sea at dusk', 'ים המלח בדמדומים'],
      ['Turquoise water of the Dead Sea', 'המים הטורקיז של ים המלח'],
    ],
  },
  {
    scene: 'jerusalem',
    draw: jerusalem,
    alt: [
      ['Jerusalem stone houses and cypress trees', 'בתים מאבן ירושלמית ועצי ברוש'],
      ['Stone buildings in the evening light', 'בנייני אבן באור הערב'],
      ['Arched windows and green shutters', 'חלונות מקושתים ותריסים ירוקים'],
    ],
  },
  {
    scene: 'beach',
    draw: beach,
    alt: [
      ['Mediterranean beach with umbrellas', 'חוף הים התיכון עם שמשיות'],
      ['Beach and lifeguard tower', 'החוף וסוכת המציל'],
      ['The beach at sunset', 'החוף בשקיעה'],
    ],
  },
];

let cache: PhotoArt[] | null = null;

/** The 36 illustrations, always the same for the same code. */
export function generatePhotoArt(): PhotoArt[] {
  if (cache) return cache;
  const out: PhotoArt[] = [];
  scenes.forEach((info, sceneIndex) => {
    for (let variant = 1; variant <= 3; variant++) {
      const name = `${info.scene}-${variant}`;
      const p = `lina-${name}`;
      const { defs, body } = info.draw(p, variant - 1, createRandom(1000 + sceneIndex * 10 + variant));
      const [altEn, altHe] = info.alt[variant - 1]!;
      // The shared gradients get the image's prefix too, so that inlined images never clash.
      // The middle variant is drawn mirrored, so that the three do not share one composition.
      const drawn = variant === 2 ? [`<g transform="matrix(-1 0 0 1 1200 0)">`, ...body, '</g>'] : body;
      const svg = wrap(p, defs, drawn).replaceAll('lamp-glow', `${p}-lamp-glow`).replaceAll('curtain-shade', `${p}-curtain-shade`);
      out.push({ name, scene: info.scene, variant, altEn, altHe, svg });
    }
  });
  cache = out;
  return out;
}

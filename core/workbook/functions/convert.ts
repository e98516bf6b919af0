// CONVERT(number, from_unit, to_unit) with Excel's table of units: every unit and alias of
// Microsoft's list, with Excel's constants, the metric prefixes only on the units Excel gives
// them (binary prefixes on bits and bytes only), squared and cubed prefixes on areas and volumes,
// and temperatures by their scales. Unknown units and units of different kinds are #N/A.
import { CellError, ErrorType, FunctionArgumentType, FunctionPlugin } from 'hyperformula';
import type { InterpreterState, ProcedureAst } from './shared.ts';

type Kind = 'mass' | 'distance' | 'time' | 'pressure' | 'force' | 'energy' | 'power' | 'magnetism' | 'temperature' | 'volume' | 'area' | 'information' | 'speed';

interface Unit {
  kind: Kind;
  /** In the kind's base unit (g, m, s, Pa, N, J, W, T, K, m3, m2, bit, m/s). */
  factor: number;
  /** Takes a metric prefix (km, mg); the power the prefix is raised to (2 for m2, 3 for m3). */
  prefix?: 1 | 2 | 3;
}

// [kind, factor, takes a prefix (power), names...]
const TABLE: [Kind, number, 0 | 1 | 2 | 3, ...string[]][] = [
  ['mass', 1, 1, 'g'], ['mass', 14593.9029372064, 0, 'sg'], ['mass', 453.59237, 0, 'lbm'], ['mass', 1.660538782e-24, 1, 'u'],
  ['mass', 28.349523125, 0, 'ozm'], ['mass', 0.06479891, 0, 'grain'], ['mass', 45359.237, 0, 'cwt', 'shweight'],
  ['mass', 50802.34544, 0, 'uk_cwt', 'lcwt', 'hweight'], ['mass', 6350.29318, 0, 'stone'], ['mass', 907184.74, 0, 'ton'],
  ['mass', 1016046.9088, 0, 'uk_ton', 'LTON', 'brton'],
  ['distance', 1, 1, 'm'], ['distance', 1609.344, 0, 'mi'], ['distance', 1852, 0, 'Nmi'], ['distance', 0.0254, 0, 'in'],
  ['distance', 0.3048, 0, 'ft'], ['distance', 0.9144, 0, 'yd'], ['distance', 1e-10, 1, 'ang'], ['distance', 1.143, 0, 'ell'],
  ['distance', 9460730472580800, 1, 'ly'], ['distance', 30856775812815500, 1, 'parsec', 'pc'],
  ['distance', 0.0254 / 72, 0, 'Picapt', 'Pica'], ['distance', 0.0254 / 6, 0, 'pica'], ['distance', 1609.34721869444, 0, 'survey_mi'],
  ['time', 31557600, 0, 'yr'], ['time', 86400, 0, 'day', 'd'], ['time', 3600, 0, 'hr'], ['time', 60, 0, 'mn', 'min'], ['time', 1, 1, 'sec', 's'],
  ['pressure', 1, 1, 'Pa', 'p'], ['pressure', 101325, 1, 'atm', 'at'], ['pressure', 133.322, 1, 'mmHg'], ['pressure', 6894.75729316836, 0, 'psi'],
  ['pressure', 101325 / 760, 0, 'Torr'],
  ['force', 1, 1, 'N'], ['force', 1e-5, 1, 'dyn', 'dy'], ['force', 4.4482216152605, 0, 'lbf'], ['force', 0.00980665, 1, 'pond'],
  ['energy', 1, 1, 'J'], ['energy', 1e-7, 1, 'e'], ['energy', 4.184, 1, 'c'], ['energy', 4.1868, 1, 'cal'], ['energy', 1.602176487e-19, 1, 'eV', 'ev'],
  ['energy', 2684519.53769617, 0, 'HPh', 'hh'], ['energy', 3600, 1, 'Wh', 'wh'], ['energy', 1.3558179483314, 0, 'flb'], ['energy', 1055.05585262, 0, 'BTU', 'btu'],
  ['power', 745.69987158227, 0, 'HP', 'h'], ['power', 735.49875, 0, 'PS'], ['power', 1, 1, 'W', 'w'],
  ['magnetism', 1, 1, 'T'], ['magnetism', 1e-4, 1, 'ga'],
  ['temperature', 1, 0, 'C', 'cel'], ['temperature', 1, 0, 'F', 'fah'], ['temperature', 1, 1, 'K', 'kel'], ['temperature', 1, 0, 'Rank'], ['temperature', 1, 0, 'Reau'],
  ['volume', 0.00000492892159375, 0, 'tsp'], ['volume', 0.000005, 0, 'tspm'], ['volume', 0.00001478676478125, 0, 'tbs'], ['volume', 0.0000295735295625, 0, 'oz'],
  ['volume', 0.0002365882365, 0, 'cup'], ['volume', 0.000473176473, 0, 'pt', 'us_pt'], ['volume', 0.00056826125, 1, 'uk_pt'], ['volume', 0.000946352946, 0, 'qt'],
  ['volume', 0.0011365225, 0, 'uk_qt'], ['volume', 0.003785411784, 0, 'gal'], ['volume', 0.00454609, 0, 'uk_gal'], ['volume', 0.001, 1, 'l', 'L', 'lt'],
  ['volume', 1e-30, 3, 'ang3', 'ang^3'], ['volume', 0.158987294928, 0, 'barrel'], ['volume', 0.03523907016688, 0, 'bushel'],
  ['volume', 0.028316846592, 0, 'ft3', 'ft^3'], ['volume', 0.000016387064, 0, 'in3', 'in^3'], ['volume', 8.46786664623715e47, 0, 'ly3', 'ly^3'],
  ['volume', 1, 3, 'm3', 'm^3'], ['volume', 4168181825.44058, 0, 'mi3', 'mi^3'], ['volume', 0.764554857984, 0, 'yd3', 'yd^3'],
  ['volume', 6352182208, 0, 'Nmi3', 'Nmi^3'], ['volume', 4.39039566186557e-11, 0, 'Picapt3', 'Picapt^3', 'Pica3', 'Pica^3'],
  ['volume', 2.8316846592, 0, 'GRT', 'regton'], ['volume', 1.13267386368, 0, 'MTON'],
  ['area', 4046.8564224, 0, 'uk_acre'], ['area', 4046.87260987425, 0, 'us_acre'], ['area', 1e-20, 2, 'ang2', 'ang^2'], ['area', 100, 1, 'ar'],
  ['area', 0.09290304, 0, 'ft2', 'ft^2'], ['area', 10000, 0, 'ha'], ['area', 0.00064516, 0, 'in2', 'in^2'], ['area', 8.95054210748189e31, 0, 'ly2', 'ly^2'],
  ['area', 1, 2, 'm2', 'm^2'], ['area', 2500, 0, 'Morgen'], ['area', 2589988.110336, 0, 'mi2', 'mi^2'], ['area', 3429904, 0, 'Nmi2', 'Nmi^2'],
  ['area', 0.000000124452160493827, 0, 'Picapt2', 'Pica2', 'Pica^2', 'Picapt^2'], ['area', 0.83612736, 0, 'yd2', 'yd^2'],
  ['information', 1, 1, 'bit'], ['information', 8, 1, 'byte'],
  ['speed', 0.514773333333333, 0, 'admkn'], ['speed', 0.514444444444444, 0, 'kn'], ['speed', 1 / 3600, 1, 'm/h', 'm/hr'], ['speed', 1, 1, 'm/s', 'm/sec'],
  ['speed', 0.44704, 1, 'mph'],
];

const UNITS = new Map<string, Unit>();
for (const [kind, factor, prefix, ...names] of TABLE) for (const n of names) UNITS.set(n, { kind, factor, ...(prefix ? { prefix } : {}) });

const PREFIXES: Record<string, number> = {
  Y: 1e24, Z: 1e21, E: 1e18, P: 1e15, T: 1e12, G: 1e9, M: 1e6, k: 1e3, h: 1e2, da: 1e1, e: 1e1,
  d: 1e-1, c: 1e-2, m: 1e-3, u: 1e-6, n: 1e-9, p: 1e-12, f: 1e-15, a: 1e-18, z: 1e-21, y: 1e-24,
};
const BINARY: Record<string, number> = { Yi: 2 ** 80, Zi: 2 ** 70, Ei: 2 ** 60, Pi: 2 ** 50, Ti: 2 ** 40, Gi: 2 ** 30, Mi: 2 ** 20, ki: 2 ** 10 };

/** The unit, with its prefix folded into the factor (a unit's own name wins over a prefix reading). */
function unitOf(name: string): { unit: Unit; scale: number; base: string } | undefined {
  const own = UNITS.get(name);
  if (own) return { unit: own, scale: 1, base: name };
  for (const len of [2, 1]) {
    const p = name.slice(0, len), rest = name.slice(len);
    const unit = UNITS.get(rest);
    if (!unit?.prefix) continue;
    const binary = BINARY[p];
    if (binary !== undefined && unit.kind === 'information') return { unit, scale: binary, base: rest };
    const decimal = PREFIXES[p];
    if (decimal !== undefined) return { unit, scale: decimal ** unit.prefix, base: rest };
  }
  return undefined;
}

const TO_KELVIN: Record<string, (x: number) => number> = {
  C: (x) => x + 273.15, cel: (x) => x + 273.15, F: (x) => ((x - 32) * 5) / 9 + 273.15, fah: (x) => ((x - 32) * 5) / 9 + 273.15,
  K: (x) => x, kel: (x) => x, Rank: (x) => (x * 5) / 9, Reau: (x) => x * 1.25 + 273.15,
};
const FROM_KELVIN: Record<string, (k: number) => number> = {
  C: (k) => k - 273.15, cel: (k) => k - 273.15, F: (k) => ((k - 273.15) * 9) / 5 + 32, fah: (k) => ((k - 273.15) * 9) / 5 + 32,
  K: (k) => k, kel: (k) => k, Rank: (k) => (k * 9) / 5, Reau: (k) => (k - 273.15) * 0.8,
};

export function convert(value: number, fromName: string, toName: string): number | CellError {
  const from = unitOf(fromName), to = unitOf(toName);
  if (!from) return new CellError(ErrorType.NA, `CONVERT does not know the unit '${fromName}'`);
  if (!to) return new CellError(ErrorType.NA, `CONVERT does not know the unit '${toName}'`);
  if (from.unit.kind !== to.unit.kind) return new CellError(ErrorType.NA, `CONVERT: '${fromName}' (${from.unit.kind}) and '${toName}' (${to.unit.kind}) measure different things`);
  if (from.unit.kind === 'temperature') return FROM_KELVIN[to.base]!(TO_KELVIN[from.base]!(value * from.scale)) / to.scale;
  return (value * from.scale * from.unit.factor) / (to.scale * to.unit.factor);
}

export class ConvertPlugin extends FunctionPlugin {
  static override implementedFunctions = {
    CONVERT: {
      method: 'convert',
      parameters: [{ argumentType: FunctionArgumentType.NUMBER }, { argumentType: FunctionArgumentType.STRING }, { argumentType: FunctionArgumentType.STRING }],
    },
  };

  convert(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('CONVERT'), convert);
  }
}

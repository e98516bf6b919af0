// AREAS (how many areas a reference has) and INFO (facts about the environment). The engine reads
// no unions of references ((A1,C3) is kept as written, not computed), so every reference it
// computes is one area. INFO answers what a server can answer truthfully; the questions about the
// desktop it runs on ("directory", "osversion") are #N/A.
import { CellError, ErrorType } from 'hyperformula';
import { ReferencePlugin } from './references.ts';
import { valueError, type InterpreterState, type ProcedureAst } from './shared.ts';

/** INFO's answers that do not depend on the workbook. */
const INFO: Record<string, string> = {
  origin: '$A:$A$1',
  recalc: 'Automatic',
  release: '16.0',
  system: 'pcdos',
};

export class InfoPlugin extends ReferencePlugin {
  static override implementedFunctions = {
    AREAS: { method: 'areas', vectorizationForbidden: true },
    INFO: { method: 'info', isVolatile: true },
  };

  areas(ast: ProcedureAst, state: InterpreterState) {
    if (ast.args.length !== 1) return new CellError(ErrorType.NA, 'AREAS takes one reference');
    const t = this.targetOf(ast.args[0]!, state);
    return t instanceof CellError ? valueError('AREAS takes a reference') : 1;
  }

  info(ast: ProcedureAst, state: InterpreterState) {
    if (ast.args.length !== 1) return new CellError(ErrorType.NA, 'INFO takes one type_text');
    const v = this.evaluateAst(ast.args[0]!, state);
    if (v instanceof CellError) return v;
    const type = String(v).toLowerCase();
    if (type === 'numfile') return (this.dependencyGraph as unknown as { sheetMapping: { numberOfSheets(): number } }).sheetMapping.numberOfSheets();
    if (type === 'directory' || type === 'osversion') return new CellError(ErrorType.NA, `INFO("${type}"): the service has no desktop directory or operating system to report`);
    return INFO[type] ?? valueError('INFO: type_text is "directory", "numfile", "origin", "osversion", "recalc", "release" or "system"');
  }
}

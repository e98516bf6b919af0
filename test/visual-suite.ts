// The workbooks of the visual comparison (test/visual.test.ts, npm run visual): Excel-made files
// from test/fixtures/excel (see its SOURCES.md), each with the largest page difference allowed.
const T = 'test/fixtures/excel/ironcalc/templates';
const F = 'test/fixtures/excel/features';

export const VISUAL_SUITE: { file: string; max: number }[] = [
  { file: `${T}/invoice.xlsx`, max: 1 },
  { file: `${T}/gantt_project_tracker.xlsx`, max: 1 },
  { file: `${T}/weekly_timesheet.xlsx`, max: 1 },
  { file: `${T}/travel_expenses_tracker.xlsx`, max: 1 },
  { file: `${T}/yearly_calendar.xlsx`, max: 1 },
  { file: `${T}/event_calendar.xlsx`, max: 1 },
  { file: `${F}/poi/simple-monthly-budget.xlsx`, max: 1 },
  { file: `${F}/poi/Formatting.xlsx`, max: 1 },
  { file: `${F}/poi/WithVariousData.xlsx`, max: 1 },
  { file: `${F}/xlsxwriter/date_examples01.xlsx`, max: 1 },
  { file: `${F}/xlsxwriter/theme_color01.xlsx`, max: 1 },
  { file: 'test/fixtures/excel/ironcalc/custom_theme_colors.xlsx', max: 1 },
];

// Values crossing into and out of the sandboxes: dates both ways, errors as text.
import { describe, expect, it } from 'vitest';
import { fromWire, toWire } from '../core/code/wire.ts';

describe('wire values', () => {
  it('gives the code dates for date-formatted numbers, and leaves other numbers alone', () => {
    expect(toWire(45306, { date_time: '%Y-%m-%d' })).toEqual({ d: '2024-01-15' });
    expect(toWire({ v: 45306.5, s: 1 }, { number_format: 'datetime' })).toEqual({ d: '2024-01-15T12:00:00' });
    expect(toWire(45306, {})).toBe(45306);
    expect(toWire(0.5, { number_format: 'time' })).toBe(0.5);
    expect(toWire({ e: '#DIV/0!', v: null }, {})).toBe('#DIV/0!');
    expect(toWire('text', {})).toBe('text');
  });

  it('turns dates from the code into date cells with a date format', () => {
    expect(fromWire({ d: '2024-01-15' })).toEqual({ v: 45306, auto: { date_time: '%Y-%m-%d' } });
    expect(fromWire({ d: '2024-01-15T12:00:00' })).toEqual({ v: 45306.5, auto: { date_time: '%Y-%m-%d %H:%M:%S' } });
    expect(fromWire('=1+1')).toBe('=1+1');
    expect(fromWire(null)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { calendarDays, dueOf, isOverdue } from './due.ts';

// Local times: the reader's calendar days are what the words count.
const at = (day: number, hour: number) => new Date(2026, 10, day, hour);
const open = (due: Date) => ({ state: 'open' as const, dueOn: due.toISOString() });

describe('due and overdue', () => {
  const now = at(25, 10); // Wednesday 25 November 2026, 10:00

  it('counts calendar days, not 24-hour spans', () => {
    expect(calendarDays(at(25, 23), at(26, 1))).toBe(1);
    expect(calendarDays(at(25, 1), at(25, 23))).toBe(0);
    expect(calendarDays(at(27, 9), at(25, 10))).toBe(-2);
  });

  it('says when an open finding is due', () => {
    expect(dueOf(open(at(25, 17)), now)).toEqual({ text: 'Due today', tone: 'soon' });
    expect(dueOf(open(at(26, 9)), now)).toEqual({ text: 'Due tomorrow', tone: 'soon' });
    expect(dueOf(open(at(30, 9)), now)).toEqual({ text: 'Due in 5 days', tone: 'later' });
  });

  it('marks it overdue once the moment has passed', () => {
    expect(dueOf(open(at(25, 8)), now)).toEqual({
      text: 'Overdue since earlier today',
      tone: 'overdue',
    });
    expect(dueOf(open(at(24, 17)), now)).toEqual({ text: '1 day overdue', tone: 'overdue' });
    expect(dueOf(open(at(20, 17)), now).text).toBe('5 days overdue');
    expect(isOverdue(open(at(24, 17)), now)).toBe(true);
    expect(isOverdue(open(at(26, 17)), now)).toBe(false);
  });

  it('is never overdue once answered', () => {
    const past = at(1, 9).toISOString();
    expect(dueOf({ state: 'disputed', dueOn: past }, now)).toEqual({
      text: 'Waiting for a QC manager',
      tone: 'none',
    });
    expect(dueOf({ state: 'cured', dueOn: past }, now).tone).toBe('none');
    expect(isOverdue({ state: 'withdrawn', dueOn: past }, now)).toBe(false);
  });
});

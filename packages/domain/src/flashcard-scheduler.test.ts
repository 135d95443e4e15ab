import { describe, expect, it } from 'vitest';
import { formatInterval, gradeOf, isCorrectGrade } from './flashcard-grades.ts';
import { previewIntervals, scheduleCard } from './flashcard-scheduler.ts';

const start = new Date('2026-11-24T15:00:00Z');
const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);

describe('the flashcard scheduler', () => {
  it('schedules a new card graded "Bien" five times within a minute no further out than one on-time "Bien"', () => {
    const once = scheduleCard(null, 'good', start);
    let card = once;
    for (const seconds of [10, 20, 35, 50]) card = scheduleCard(card, 'good', at(seconds));
    expect(card.due.getTime()).toBeLessThanOrEqual(once.due.getTime());
    // The first "Bien" on a new card is a learning step of minutes, not days.
    expect(once.due.getTime() - start.getTime()).toBeLessThan(60 * 60_000);
  });

  it('moves a due card on with each grade, and "Otra vez" always brings it back soon', () => {
    const learned = scheduleCard(scheduleCard(null, 'good', start), 'good', at(15 * 60));
    const due = new Date(learned.due.getTime() + 1000);
    const good = scheduleCard(learned, 'good', due);
    const again = scheduleCard(learned, 'again', due);
    expect(good.due.getTime()).toBeGreaterThan(learned.due.getTime());
    expect(again.due.getTime() - due.getTime()).toBeLessThan(15 * 60_000);
    // "Otra vez" before the card is due still counts: the student forgot it.
    expect(scheduleCard(learned, 'again', at(16 * 60)).due.getTime()).toBeLessThan(learned.due.getTime());
  });

  it('previews one interval per grade, in order, as the buttons show them', () => {
    const preview = previewIntervals(null, start);
    expect(preview.again).toBeLessThan(preview.hard);
    expect(preview.hard).toBeLessThanOrEqual(preview.good);
    expect(preview.good).toBeLessThan(preview.easy);
    expect(formatInterval(preview.again)).toBe('1 min');
    expect(formatInterval(preview.easy)).toMatch(/ d$/);
  });
});

describe('grades', () => {
  it('keep the spec\'s correct/incorrect: only "Otra vez" is incorrect', () => {
    expect(isCorrectGrade('again')).toBe(false);
    expect(['hard', 'good', 'easy'].every((grade) => isCorrectGrade(grade as 'hard'))).toBe(true);
    expect(gradeOf(true)).toBe('good');
    expect(gradeOf(false)).toBe('again');
  });

  it('format intervals as short labels', () => {
    expect(formatInterval(30_000)).toBe('1 min');
    expect(formatInterval(6 * 60_000)).toBe('6 min');
    expect(formatInterval(3 * 3_600_000)).toBe('3 h');
    expect(formatInterval(4 * 86_400_000)).toBe('4 d');
    expect(formatInterval(65 * 86_400_000)).toBe('2 m');
    expect(formatInterval(548 * 86_400_000)).toBe('1.5 a');
  });
});

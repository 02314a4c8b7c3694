/** Greeting by the local hour: morning before 12:00, afternoon before 17:00, else evening. */
export function greetingForHour(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 17) return 'Good afternoon';
  return 'Good evening';
}

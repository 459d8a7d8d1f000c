/** "Good Morning" before 12:00, "Good Afternoon" before 18:00, otherwise "Good Evening" (spec §9). */
export function greetingFor(date: Date): string {
  const hour = date.getHours();
  if (hour < 12) return "Good Morning";
  if (hour < 18) return "Good Afternoon";
  return "Good Evening";
}

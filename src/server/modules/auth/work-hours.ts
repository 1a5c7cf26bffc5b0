/** Whether `now` (local server time, HH:MM) falls within a user's working hours; ranges may cross midnight. */
export function withinWorkHours(startWork: string, endWork: string, now: Date): boolean {
  const minutes = (hhmm: string) => {
    const [h, m] = hhmm.split(':').map(Number);
    return (h ?? 0) * 60 + (m ?? 0);
  };
  const current = now.getHours() * 60 + now.getMinutes();
  const start = minutes(startWork);
  const end = minutes(endWork);
  return start <= end ? current >= start && current <= end : current >= start || current <= end;
}

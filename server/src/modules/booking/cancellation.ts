/**
 * The cancellation and binding window (spec part 2 §5 "Binding checkbox rule", docs/product-decisions.md, "Reservations and cancellation":
 * 24 hours on both brands, app.config.brandConfig.cancellationHours): an appointment that starts
 * before now plus the window is binding when reserved and can no longer be cancelled online.
 */
export function withinCancellationWindow(startsAt: Date, cancellationHours: number, now: Date = new Date()): boolean {
  return startsAt.getTime() < now.getTime() + cancellationHours * 3_600_000;
}

// A banner's state on the dashboard and in the CLI's list.

export type BannerStatus = "shown" | "inactive" | "scheduled" | "ended";

/** Whether a banner shows on `today` (YYYY-MM-DD), and if not, why: deactivated, not yet, or no longer. */
export function bannerStatus(banner: { active: boolean; startsOn: string | null; endsOn: string | null }, today: string): BannerStatus {
  if (!banner.active) return "inactive";
  if (banner.startsOn && today < banner.startsOn) return "scheduled";
  if (banner.endsOn && banner.endsOn < today) return "ended";
  return "shown";
}

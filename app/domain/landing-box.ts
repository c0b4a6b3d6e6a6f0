// A landing box as a visitor sees it: a ready-made search in its own colours (the landing page,
// and the dashboard's preview of one being edited, which has no id yet).

export interface LandingBoxView {
  title: string;
  description: string;
  icon: string;
  borderColor: string;
  backgroundColor: string;
  textColor: string;
  iconColor: string;
  /** The search's canonical results URL. */
  href: string;
}

/** A stored landing box. */
export interface LandingBox extends LandingBoxView {
  id: number;
}

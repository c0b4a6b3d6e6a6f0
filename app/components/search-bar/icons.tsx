// The landing boxes' small inline-SVG icon set, by the name stored in landing_boxes.icon.

const PATHS: Record<string, string> = {
  snowflake: "M12 2v20M4.9 6.5l14.2 11M19.1 6.5 4.9 17.5M9 3.5l3 2.5 3-2.5M9 20.5l3-2.5 3 2.5",
  family:
    "M7 8a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5ZM17 8a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5ZM3 21v-6a4 4 0 0 1 8 0v6M13 21v-6a4 4 0 0 1 8 0v6",
  tag: "M3 12V3h9l9 9-9 9-9-9ZM7.5 7.5h.01",
  mountain: "M2 20 9 7l4 7 3-4 6 10H2ZM7.5 10l1.5 1.5L10.5 10",
  pine: "M12 2 6 10h3l-4 6h5v5h4v-5h5l-4-6h3L12 2Z",
  gift: "M4 11h16v10H4zM2 7h20v4H2zM12 7v14M12 7c-2-4-6-4-6-1.5S9 7 12 7Zm0 0c2-4 6-4 6-1.5S15 7 12 7Z",
  bus: "M5 17V6a3 3 0 0 1 3-3h8a3 3 0 0 1 3 3v11M5 17h14M5 11h14M7 20v-3M17 20v-3M8 14h.01M16 14h.01",
  sun: "M12 17a5 5 0 1 0 0-10 5 5 0 0 0 0 10ZM12 1v2M12 21v2M4.2 4.2l1.4 1.4M18.4 18.4l1.4 1.4M1 12h2M21 12h2M4.2 19.8l1.4-1.4M18.4 5.6l1.4-1.4",
  star: "m12 2 3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1L12 2Z",
};

export const ICON_NAMES = Object.keys(PATHS);

export function LandingIcon({ name, color, className = "h-8 w-8" }: { name: string; color: string; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke={color}
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[name] ?? PATHS.snowflake} />
    </svg>
  );
}

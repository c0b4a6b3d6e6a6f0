import { mapSpots, type DestinationMapData } from "~/domain/destination-page";
import { LABEL_SIZE, mapPreview } from "~/domain/map-preview";

/** The server's picture of the places as dots, its resorts named (app/domain/map-preview.ts), over the map's box until the map is drawn. */
export function MapPicture({ data }: { data: DestinationMapData }) {
  const preview = mapPreview(mapSpots(data), data.resorts);
  return (
    <div className="absolute inset-0" data-testid="map-preview">
      {preview && (
        <svg viewBox={`0 0 ${preview.width} ${preview.height}`} className="h-full w-full" aria-hidden="true">
          {preview.dots.map(([x, y]) => (
            <circle key={`${x},${y}`} cx={x} cy={y} r={14} className="fill-brand-700 stroke-white" strokeWidth={5} />
          ))}
          {preview.labels.map((l) => (
            <text
              key={`${l.x},${l.y},${l.name}`}
              x={l.x}
              y={l.y}
              textAnchor={l.anchor}
              dominantBaseline="central"
              fontSize={LABEL_SIZE}
              className="fill-slate-900 stroke-white font-semibold"
              strokeWidth={8}
              paintOrder="stroke"
            >
              {l.name}
            </text>
          ))}
        </svg>
      )}
    </div>
  );
}

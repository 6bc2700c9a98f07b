/** A figure's value with its unit, as the incident page and the front page's cards show it. */
export function FigureValue({ value, unit }: { value: string; unit: string | null }) {
  return (
    <>
      {value}
      {unit && (
        <>
          {" "}
          <span className="unit">{unit}</span>
        </>
      )}
    </>
  );
}

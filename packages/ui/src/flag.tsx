/**
 * Drawn flags (flag-icons' SVGs, shipped with the product and never inlined, so each is one small
 * request made only when shown), because emoji flags need a colour emoji font that many machines,
 * Windows among them, lack. The glob lists the regions the product draws: the float currencies'.
 */
const flagUrls = import.meta.glob<string>(
  '../../../node_modules/flag-icons/flags/4x3/{ae,au,bg,br,ca,ch,cl,cn,co,cz,dk,eg,eu,gb,hk,hu,id,il,in,jp,kr,mx,my,no,nz,pe,ph,pl,ro,sa,se,sg,th,tr,us,vn,za}.svg',
  { query: '?no-inline', import: 'default', eager: true },
);

export interface FlagProps {
  /** ISO 3166 alpha-2 code of the country or union ("GB", "EU"). */
  region: string;
  className?: string;
}

/** A decorative flag (the text beside it names the country or currency); nothing if unknown. */
export function Flag({ region, className = '' }: FlagProps) {
  const url = flagUrls[`../../../node_modules/flag-icons/flags/4x3/${region.toLowerCase()}.svg`];
  if (!url) return null;
  return (
    <img
      src={url}
      alt=""
      width={20}
      height={15}
      className={`inline-block h-[15px] w-5 shrink-0 rounded-[2px] ring-1 ring-line ${className}`}
    />
  );
}

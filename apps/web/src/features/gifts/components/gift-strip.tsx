import { useGiftCenter } from '../api/get-gift-center';
import { GiftPackCard } from './gift-pack-card';
import './gift-strip.css';
import { Image } from '../../../shared/ui/image';

/** 礼包中心 (on the square): packs with free codes, side by side; claiming works as on a game's page. */
export function GiftStrip() {
  const center = useGiftCenter();
  const packs = center.data?.records ?? [];
  if (center.isError || (center.isSuccess && packs.length === 0)) return null;
  return (
    <section className="gift-strip" aria-label="礼包中心">
      <h2 className="gift-strip__title">
        礼包中心<small>免费礼包码，先到先得</small>
      </h2>
      {center.isPending ? (
        <div className="gift-strip__row" aria-busy="true">
          <span className="gift-strip__placeholder" />
          <span className="gift-strip__placeholder" />
        </div>
      ) : (
        <ul className="gift-strip__row">
          {packs.map((pack) => (
            <li key={pack.id} className="gift-strip__item">
              <p className="gift-strip__game">
                <Image
                  src={pack.gameIcon}
                  alt={`${pack.gameName}图标`}
                  width={20}
                  height={20}
                  displayWidth={20}
                />
                {pack.gameName}
              </p>
              <GiftPackCard pack={pack} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

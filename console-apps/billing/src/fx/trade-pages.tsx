import { getRouteApi } from '@tanstack/react-router';
import { TradeView } from './trade-page';

const successRoute = getRouteApi(
  '/authenticated/billing/add-funds/currency-exchange/trade-success/$tradeId',
);
const tradeRoute = getRouteApi('/authenticated/billing/trade/$tradeId');

export function TradeSuccessPage() {
  const { tradeId } = successRoute.useParams();
  return <TradeView tradeId={tradeId} justMade />;
}

export function TradePage() {
  const { tradeId } = tradeRoute.useParams();
  return <TradeView tradeId={tradeId} justMade={false} />;
}

// A second, small entry, placed in the page ahead of the application's own
// (src/build/form-preload-plugin.ts): it asks for the route's form chunk, the resolved
// document and validator of its variant set, as the page starts, so that chunk
// downloads alongside the application's much larger entry instead of after it has run.
// The application imports the same chunk when ProductRoute needs it; the browser
// fetches a module once. Kept to the catalogue: anything more here would delay the ask.
import { documents } from 'virtual:forms';
import { brandForHostName, catalogue, defaultProduct, productEntry } from './catalogue.ts';
import { productOfPath, variantsFor } from './products.ts';
import { variantSetFor } from './variant-sets.ts';

const [, section, segment] = location.pathname.split('/');
// Every page under /hakemus/{product}/ loads its product's form; '/' leads to the default product's.
const product = section === '' ? defaultProduct : section === 'hakemus' ? productOfPath(segment) : undefined;
if (product) {
  const brand = catalogue.brands[brandForHostName(location.hostname)];
  variantSetFor(documents[productEntry(product).document] ?? [], variantsFor(brand, product))
    ?.load()
    .catch(() => {
      // ProductRoute asks again, gets the same failure and shows it.
    });
}

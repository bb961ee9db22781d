// A customer service's page (forms/catalogue.json `services`, e.g. /maksuturva): the page of
// its flow module, or, when the deployment lacks the module, a page that says so.
import type { ReactNode } from 'react';
import type { CatalogueService } from '../../../engine/core/catalogue.ts';
import { appServiceNamed } from '../../flows/app-registry.ts';
import type { Brand } from '../brands.ts';
import type { FormLoader } from '../form-source.ts';
import { FlowMissingPage } from './FlowMissingPage.tsx';

export function ServiceRoute({ brand, service, load }: { brand: Brand; service: CatalogueService; load: FormLoader }): ReactNode {
  const module = appServiceNamed(service.flow);
  if (!module) return <FlowMissingPage brand={brand} flow={service.flow} />;
  return <module.Page brand={brand} service={service} load={load} />;
}

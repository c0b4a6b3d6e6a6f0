// Minimal typings for the benchmark's untyped dev dependencies.

declare module "itemsjs" {
  interface ItemsJsAggregation {
    title?: string;
    size?: number;
    conjunction?: boolean;
    sort?: string | string[];
    order?: string | string[];
    hide_zero_doc_count?: boolean;
    chosen_filters_on_top?: boolean;
  }
  interface ItemsJsConfiguration {
    aggregations?: Record<string, ItemsJsAggregation>;
    sortings?: Record<string, { field: string | string[]; order: string | string[] }>;
    searchableFields?: string[];
    native_search_enabled?: boolean;
    custom_id_field?: string;
  }
  interface ItemsJsSearchInput<T> {
    per_page?: number;
    page?: number;
    query?: string;
    sort?: string;
    filters?: Record<string, Array<string | number | boolean>>;
    filter?: (item: T) => boolean;
    is_all_filtered_items?: boolean;
  }
  interface ItemsJsBucket {
    key: string;
    doc_count: number;
    selected: boolean;
  }
  interface ItemsJsResult<T> {
    pagination: { per_page: number; page: number; total: number };
    data: {
      items: T[];
      allFilteredItems: T[] | null;
      aggregations: Record<string, { name: string; buckets: ItemsJsBucket[] }>;
    };
  }
  interface ItemsJsEngine<T> {
    search(input?: ItemsJsSearchInput<T>): ItemsJsResult<T>;
  }
  export default function itemsjs<T>(items: T[], configuration?: ItemsJsConfiguration): ItemsJsEngine<T>;
}

declare module "autocannon" {
  interface AutocannonOptions {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    pipelining?: number;
    workers?: number;
    headers?: Record<string, string>;
    requests?: Array<{
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      onResponse?: (status: number, body: string) => void;
    }>;
  }
  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    total: number;
  }
  interface AutocannonResult {
    latency: Histogram;
    requests: Histogram & { sent: number };
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    "2xx": number;
  }
  function autocannon(opts: AutocannonOptions): Promise<AutocannonResult>;
  export default autocannon;
}

/** The editable description of a layer record as PUT /api/layers/{id} takes it, with `extra` fields. */
export function editableLayer(l: any, extra: Record<string, unknown> = {}) {
  return {
    title: l.title,
    queryable: l.queryable,
    attributes: l.attributes
      .filter((a: any) => !['id', 'uuid', 'geom', 'd_e_l_e_t_', 'm_o_d_i_f_'].includes(a.name))
      .map((a: any) => ({ name: a.name, title: a.title, tooltip: a.tooltip })),
    layout: l.layout,
    domains: l.domains,
    style: l.style,
    ...extra,
  }
}

-- The field that names a layer's features in lists (selection, ITENS, approvals): chosen by
-- an administrator in the layer's edit screen; null means the default rule (decision 67).
ALTER TABLE app.layers ADD COLUMN display_field text;

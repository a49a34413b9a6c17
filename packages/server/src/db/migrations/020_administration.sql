-- Administration (issue 16): the moderated permission flag, permissions that follow their
-- layer, case-insensitive group names, and the activation queue of self-registered accounts.

-- 'Enviar para aprovação': the group's edits on the layer go to review (the approvals issue
-- reads it; the permissions matrix edits it).
ALTER TABLE app.group_layer_permissions
  ADD COLUMN submit_for_review boolean NOT NULL DEFAULT false;

-- A group's flags on a layer go with the layer: deleting a layer (its table is kept) removes
-- them, so registering the table again never grants old rights silently. Deferred: the demo
-- seed writes the permissions before the layers, in one transaction.
DELETE FROM app.group_layer_permissions p
 WHERE NOT EXISTS (SELECT 1 FROM app.layers l WHERE l.name = p.layer_name);
ALTER TABLE app.group_layer_permissions
  ADD CONSTRAINT group_layer_permissions_layer FOREIGN KEY (layer_name)
  REFERENCES app.layers (name) ON DELETE CASCADE ON UPDATE CASCADE
  DEFERRABLE INITIALLY DEFERRED;
CREATE INDEX group_layer_permissions_layer ON app.group_layer_permissions (layer_name);

CREATE UNIQUE INDEX groups_name_lower ON app.groups (lower(name));
CREATE INDEX user_groups_group ON app.user_groups (group_id);

-- An account awaits activation while it is inactive and was never activated: a deactivated
-- account is not in the queue of self-registrations.
ALTER TABLE app.users ADD COLUMN activated_at timestamptz;
UPDATE app.users SET activated_at = created_at WHERE active;

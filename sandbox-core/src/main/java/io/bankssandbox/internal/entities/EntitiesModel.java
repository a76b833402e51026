package io.bankssandbox.internal.entities;

import io.bankssandbox.internal.access.ApiKey;
import io.bankssandbox.internal.state.SandboxState;
import io.bankssandbox.internal.state.StateCheck;
import io.bankssandbox.internal.state.StateModel;
import java.util.List;

/** What the entities feature keeps ({@code entities.json}) and the rules a loaded state meets about it. */
public final class EntitiesModel {
    public static final StateModel PART = StateModel.builder()
            .table(Entity.TABLE)
            .references(10, EntitiesModel::entities)
            .references(1000, EntitiesModel::apiKeys)
            .build();

    private EntitiesModel() {}

    private static void entities(SandboxState state, StateCheck.FileOrder order, List<String> problems) {
        for (Entity entity : state.table(Entity.TABLE).all()) {
            if ((entity.npi() == null) != (entity.lockboxAddress() == null)) {
                problems.add("entities.json " + entity.id() + "/lockbox_address: an entity has a lockbox address if and only if it has an NPI");
            }
        }
    }

    /** Every entity a key names exists. */
    private static void apiKeys(SandboxState state, StateCheck.FileOrder order, List<String> problems) {
        for (ApiKey key : state.apiKeys) {
            for (String entityId : key.entityIds()) {
                if (!ApiKey.ALL.equals(entityId) && state.table(Entity.TABLE).get(entityId) == null) {
                    problems.add("api_keys.json " + key.description() + "/entity_ids: unknown entity " + entityId);
                }
            }
        }
    }
}

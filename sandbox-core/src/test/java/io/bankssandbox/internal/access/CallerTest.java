package io.bankssandbox.internal.access;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What a key sees: every entity with {@code *}, else the entities it names, and nothing else. */
class CallerTest {

    @Test
    void aKeyNamingEntitiesSeesThoseAndNoOther() {
        Caller caller = Caller.of(new ApiKey("lm_key_one", "one", List.of("entity_a", "entity_b")));
        assertThat(caller.apiKey()).isEqualTo("lm_key_one");
        assertThat(caller.seesAll()).isFalse();
        assertThat(caller.canSee("entity_a")).isTrue();
        assertThat(caller.canSee("entity_b")).isTrue();
        assertThat(caller.canSee("entity_c")).isFalse();
        assertThat(caller.visibleEntities()).containsExactlyInAnyOrder("entity_a", "entity_b");
    }

    @Test
    void aKeyWithTheStarSeesEveryEntityAndAListingReadsThemAll() {
        ApiKey all = new ApiKey("lm_key_all", "all", List.of(ApiKey.ALL));
        assertThat(all.seesAll()).isTrue();
        Caller caller = Caller.of(all);
        assertThat(caller.seesAll()).isTrue();
        assertThat(caller.canSee("entity_anything")).isTrue();
        assertThat(caller.visibleEntities()).isNull();
        assertThat(new ApiKey("lm_key_none", "none", List.of()).seesAll()).isFalse();
    }

    @Test
    void theOperatorSeesEveryEntity() {
        assertThat(Caller.OPERATOR.seesAll()).isTrue();
        assertThat(Caller.OPERATOR.canSee("entity_anything")).isTrue();
        assertThat(Caller.OPERATOR.visibleEntities()).isNull();
        assertThat(Caller.OPERATOR.entityIds()).isEqualTo(Set.of());
    }
}

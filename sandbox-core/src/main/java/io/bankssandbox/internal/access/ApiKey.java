package io.bankssandbox.internal.access;

import java.util.List;

/** An API key of the fixture set and the entities it may see; {@code "*"} means every entity. */
public record ApiKey(String key, String description, List<String> entityIds) {

    public static final String ALL = "*";
    /** The key of the {@code default} fixture set that sees every entity: the one a sandbox answers as its default. */
    public static final String DEFAULT = "lm_key_sandbox_all";

    public boolean seesAll() {
        return entityIds.contains(ALL);
    }
}

package io.bankssandbox.internal.access;

import java.util.List;

/** An API key of the fixture set and the entities it may see; {@code "*"} means every entity. */
public record ApiKey(String key, String description, List<String> entityIds) {

    public static final String ALL = "*";

    public boolean seesAll() {
        return entityIds.contains(ALL);
    }
}

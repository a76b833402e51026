package io.bankssandbox.internal.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A table's lookups by keys other than the id follow every put, and a copy keeps its own. */
class TableLookupTest {
    record Parcel(String id, String owner, List<String> labels) {}

    private static Table<Parcel> table() {
        return Table.ascending("parcels", Parcel.class, Parcel::id, p -> new SortKey(Instant.EPOCH, p.id()), Parcel::owner)
                .lookupBy("label", Parcel::labels);
    }

    @Test
    void everyKeyOfARowFindsIt() {
        Table<Parcel> parcels = table();
        Parcel parcel = new Parcel("p1", "ann", List.of("red", "blue"));
        parcels.put(parcel);
        assertThat(parcels.lookup("label", "red")).isSameAs(parcel);
        assertThat(parcels.lookup("label", "blue")).isSameAs(parcel);
        assertThat(parcels.lookup("label", "green")).isNull();
        assertThat(parcels.lookup("label", null)).isNull();
    }

    @Test
    void aReplacedRowIsFoundByItsNewKeysAndNoLongerByItsOldOnes() {
        Table<Parcel> parcels = table();
        parcels.put(new Parcel("p1", "ann", List.of("red", "blue")));
        Parcel relabelled = new Parcel("p1", "ann", List.of("blue", "green"));
        parcels.put(relabelled);
        assertThat(parcels.lookup("label", "red")).isNull();
        assertThat(parcels.lookup("label", "blue")).isSameAs(relabelled);
        assertThat(parcels.lookup("label", "green")).isSameAs(relabelled);
    }

    @Test
    void aCopyKeepsItsOwnLookupAndALookupAddedLaterSeesEarlierRows() {
        Table<Parcel> parcels = table();
        parcels.put(new Parcel("p1", "ann", List.of("red")));
        Table<Parcel> copy = parcels.copy();
        copy.put(new Parcel("p2", "bob", List.of("green")));
        parcels.put(new Parcel("p1", "ann", List.of("yellow")));
        assertThat(parcels.lookup("label", "green")).isNull();
        assertThat(copy.lookup("label", "red").id()).isEqualTo("p1");
        assertThat(copy.lookup("label", "yellow")).isNull();

        Table<Parcel> owners = copy.lookupBy("owner", p -> List.of(p.owner()));
        assertThat(owners.lookup("owner", "bob").id()).isEqualTo("p2");
        assertThatThrownBy(() -> parcels.lookup("owner", "bob")).isInstanceOf(IllegalArgumentException.class);
    }
}

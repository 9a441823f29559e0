import { describe, expect, it } from 'vitest';
import { cityCenter, distanceKm, openingStatus } from '@eco/domain';
import { demoPublications } from '../src/demo/demo-data.ts';
import { demoPlacementOf } from '../src/demo/demo-places.ts';
import { demoPublicationRow } from '../src/demo/load-demo-content.ts';

// The demo's places (issue 24): every recycling point, event and course on the map in its city, the points with
// their hours, some homes shown approximately.

describe('demo places', () => {
  it('put every recycling point, event and course in its city, the points with opening hours', () => {
    const placed = demoPublications.filter((publication) =>
      ['dots', 'events', 'courses'].includes(publication.typed),
    );
    expect(placed.length).toBeGreaterThan(20);
    for (const publication of placed) {
      const { point, openingHours } = demoPlacementOf(publication);
      expect(point, publication.key).not.toBeNull();
      const center = cityCenter(publication.place.city);
      expect(center, publication.place.city).not.toBeNull();
      expect(distanceKm(point!, center!), publication.key).toBeLessThan(25);
      if (publication.typed === 'dots') {
        expect(openingHours, publication.key).not.toBeNull();
        expect(openingStatus(openingHours, publication.place.country, new Date())?.text).toMatch(
          /^(Abierto|Cerrado)/,
        );
      } else expect(openingHours).toBeNull();
    }
  });

  it('show some barter and market homes approximately, never at their exact point', () => {
    const homes = demoPublications.filter((publication) => ['barter', 'market'].includes(publication.typed));
    const rows = homes.map((publication) =>
      demoPublicationRow(publication, { id: `id-${publication.key}`, authorId: 'a', now: new Date() }),
    );
    const withPoint = rows.filter((row) => row.location_lat != null);
    expect(withPoint.length).toBeGreaterThan(2);
    expect(withPoint.length).toBeLessThan(rows.length);
    for (const row of withPoint) {
      expect([row.public_lat, row.public_lng]).not.toEqual([row.location_lat, row.location_lng]);
      const metres = distanceKm(
        { lat: row.location_lat!, lng: row.location_lng! },
        { lat: row.public_lat!, lng: row.public_lng! },
      );
      expect(metres * 1000).toBeLessThan(500);
    }
  });
});

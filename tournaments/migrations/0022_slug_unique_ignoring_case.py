# Web addresses unique whatever their case (issue 23, Low 5): /t/Open/ and /t/open/ were two tournaments.

import django.db.models.functions.text
from django.db import migrations, models


def rename_case_duplicates(apps, schema_editor):
    """Before the constraint: of tournaments whose addresses differ only in case, the oldest keeps its
    address and each later one gets ``-2``, ``-3``... (unused in any case), so the migration never fails."""
    Tournament = apps.get_model("tournaments", "Tournament")
    taken = {slug.lower() for slug in Tournament.objects.values_list("slug", flat=True)}
    seen: set[str] = set()
    for pk, slug in Tournament.objects.order_by("id").values_list("id", "slug"):
        if slug.lower() not in seen:
            seen.add(slug.lower())
            continue
        i = 2
        while f"{slug[:75]}-{i}".lower() in taken:
            i += 1
        new = f"{slug[:75]}-{i}"
        taken.add(new.lower())
        seen.add(new.lower())
        Tournament.objects.filter(pk=pk).update(slug=new)


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0021_account_link_requests'),
    ]

    operations = [
        migrations.RunPython(rename_case_duplicates, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name='tournament',
            constraint=models.UniqueConstraint(django.db.models.functions.text.Lower('slug'),
                                               name='tournament_slug_unique_ignoring_case'),
        ),
    ]

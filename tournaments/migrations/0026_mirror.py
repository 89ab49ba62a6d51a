"""The hall laptop's mirror (issue 30.3): keys on the server, the outbox on the laptop."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0025_pairing_system_registry'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='tournament',
            name='mirror_live',
            field=models.BooleanField(default=False, editable=False),
        ),
        migrations.CreateModel(
            name='MirrorToken',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('label', models.CharField(blank=True, max_length=80, verbose_name='label')),
                ('digest', models.CharField(editable=False, max_length=64, unique=True)),
                ('hint', models.CharField(editable=False, max_length=12)),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('revoked_at', models.DateTimeField(blank=True, null=True)),
                ('last_used_at', models.DateTimeField(blank=True, null=True)),
                ('pushes', models.PositiveIntegerField(default=0)),
                ('created_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='mirror_tokens', to='tournaments.tournament')),
            ],
            options={
                'ordering': ['-created_at', '-id'],
            },
        ),
        migrations.CreateModel(
            name='MirrorState',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('target', models.URLField(max_length=300)),
                ('sent_signature', models.CharField(blank=True, max_length=80)),
                ('sent_audit_id', models.BigIntegerField(default=0)),
                ('sent_at', models.DateTimeField(blank=True, null=True)),
                ('attempted_at', models.DateTimeField(blank=True, null=True)),
                ('error', models.CharField(blank=True, max_length=300)),
                ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='mirror_states', to='tournaments.tournament')),
            ],
            options={
                'constraints': [models.UniqueConstraint(fields=('tournament', 'target'), name='one_mirror_per_target')],
            },
        ),
    ]
